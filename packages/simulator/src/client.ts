import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type ReportAccepted, reportAcceptedSchema } from '@linesight/contract';
import type { Gateway } from './gateway';
import type { BulkDataReport } from './report';

/**
 * Sends Bulk Data bodies to a reporting URL the way docs/reporting-protocol.md asks a gateway
 * to: the answer comes after the commit, so anything short of one is sent again, and re-sent
 * reports come back as duplicates rather than twice the traffic.
 */

const gzipAsync = promisify(gzip);

/** A gateway and the reporting URL its line was provisioned with. */
export interface ReportingTarget {
  gateway: Gateway;
  url: string;
}

/** The collector stored the body (`accepted`, `duplicates`), or no line has this URL any more. */
export type PostOutcome = ({ status: 'accepted' } & ReportAccepted) | { status: 'revoked' };

export interface PostOptions {
  /** Further attempts after a network error, a timeout or a 5xx/429 (default 5). */
  retries?: number;
  /** The first wait before retrying; it doubles each time, with jitter (default 500 ms). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Per attempt (default 60 s): a backfill body of 50 reports takes a while to commit. */
  timeoutMs?: number;
  /** Bodies larger than this are gzipped (default 8 KiB). */
  gzipAboveBytes?: number;
  /** Aborting stops further attempts; a request already on its way still gets its answer. */
  signal?: AbortSignal;
}

/** The collector refused the body for good (400, 413, …): sending it again would not help. */
export class ReportRejectedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ReportRejectedError';
  }
}

/** Every attempt failed, with the last failure as the reason. */
export class ReportDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportDeliveryError';
  }
}

/** POSTs `{ Report: reports }`; resolves once the collector has committed it or revoked the URL. */
export async function postReports(
  url: string,
  reports: readonly BulkDataReport[],
  options: PostOptions = {},
): Promise<PostOutcome> {
  const retries = options.retries ?? 5;
  const request = await encodeBody(reports, options.gzipAboveBytes ?? 8 * 1024);
  for (let attempt = 0; ; attempt += 1) {
    const failure = await attemptPost(url, request, options.timeoutMs ?? 60_000);
    if (typeof failure !== 'string') return failure;
    if (attempt >= retries) {
      throw new ReportDeliveryError(
        `${redactedUrl(url)}: gave up after ${attempt + 1} attempts; last: ${failure}`,
      );
    }
    await delay(backoff(attempt, options), undefined, { signal: options.signal });
  }
}

interface EncodedBody {
  /** ArrayBuffer-backed: the DOM's fetch types (the e2e support code has them) take no other. */
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

async function encodeBody(
  reports: readonly BulkDataReport[],
  gzipAboveBytes: number,
): Promise<EncodedBody> {
  const json = Buffer.from(JSON.stringify({ Report: reports }));
  if (json.length <= gzipAboveBytes) {
    return { body: json, headers: { 'content-type': 'application/json' } };
  }
  return {
    body: await gzipAsync(json),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  };
}

/** One attempt: the outcome, or why it is worth another try. Throws when it is not. */
async function attemptPost(
  url: string,
  request: EncodedBody,
  timeoutMs: number,
): Promise<PostOutcome | string> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return describeNetworkError(error);
  }
  const text = await response.text().catch(() => '');
  if (response.status === 200) return { status: 'accepted', ...parseAccepted(url, text) };
  if (response.status === 401) return { status: 'revoked' };
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    return `${response.status} ${errorMessageOf(text)}`;
  }
  throw new ReportRejectedError(
    response.status,
    `${redactedUrl(url)} refused the body: ${response.status} ${errorMessageOf(text)}`,
  );
}

function parseAccepted(url: string, text: string): ReportAccepted {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = reportAcceptedSchema.safeParse(body);
  if (!parsed.success) {
    throw new ReportRejectedError(
      200,
      `${redactedUrl(url)} answered 200 without {accepted, duplicates}: ${text.slice(0, 200)}`,
    );
  }
  return parsed.data;
}

/** The collector's `{ error: { code, message } }`, or the start of whatever else it sent. */
export function errorMessageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (body.error) return `${String(body.error.code)}: ${String(body.error.message)}`;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return text.slice(0, 200);
}

export function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause ? String(cause.code) : cause?.message;
  return code ? `${error.message} (${code})` : error.message;
}

/** Exponential back-off with jitter, so a fleet that failed together does not retry together. */
function backoff(attempt: number, options: PostOptions): number {
  const ceiling = Math.min(
    options.maxBackoffMs ?? 30_000,
    (options.backoffMs ?? 500) * 2 ** attempt,
  );
  return ceiling * (0.5 + Math.random() / 2);
}

/** The URL with its token shortened: the token is the gateway's credential. */
export function redactedUrl(url: string): string {
  return url.replace(/\/report\/v1\/([^/?#]{4})[^/?#]*/, '/report/v1/$1…');
}
