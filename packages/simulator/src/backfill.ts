import { type PostOptions, postReports, type ReportingTarget } from './client';
import type { Gateway } from './gateway';
import type { BulkDataReport } from './report';

/**
 * Sends a gateway's history, oldest first, several reports to a body. Older history is sparser:
 * the store keeps it in coarse rollup tiers anyway, and sparse history is what lets 30 days of
 * a whole fleet go out in minutes. Traffic is not lost by the spacing: counters are cumulative,
 * so a report two hours after the last carries two hours of bytes.
 */

export interface BackfillOptions {
  /** Epoch seconds; history runs from `from` to `to`, both included. */
  from: number;
  to: number;
  /** The gateway's reporting interval, used for the newest day. */
  intervalSeconds: number;
  /** Reports per body (default 50). */
  reportsPerBody?: number;
  post?: PostOptions;
  /** Aborting it stops the backfill after the body in flight has its answer. */
  signal?: AbortSignal;
}

export interface BackfillResult {
  serialNumber: string;
  /** Reports sent; times the gateway was offline are skipped, as it would have sent nothing. */
  reports: number;
  bodies: number;
  accepted: number;
  duplicates: number;
  offlineSkipped: number;
  /** The collector answered 401: the line was re-provisioned or deprovisioned. */
  revoked: boolean;
  /** The signal stopped it before the end. */
  stopped: boolean;
  /** Why the backfill stopped early, when it did for another reason. */
  error?: string;
}

const day = 86_400;

/**
 * The spans of a backfill, oldest first: every `intervalSeconds` for the newest day, every 15
 * minutes for the week before, every 2 hours beyond.
 */
function backfillSpans(from: number, to: number, intervalSeconds: number) {
  return [
    { start: from, end: to - 7 * day, spacing: Math.max(intervalSeconds, 7200) },
    { start: to - 7 * day, end: to - day, spacing: Math.max(intervalSeconds, 900) },
    { start: to - day, end: to + 1, spacing: intervalSeconds },
  ];
}

/** The spacing the backfill uses around `time`: what its report names as its interval. */
export function backfillSpacing(time: number, to: number, intervalSeconds: number): number {
  const span = backfillSpans(time, to, intervalSeconds).find(({ end }) => time < end);
  return span?.spacing ?? intervalSeconds;
}

/**
 * The times a backfill reports at, oldest first (see `backfillSpans`). `phase` (0 to 1) shifts
 * each grid, so a fleet's gateways do not all report on the same second.
 */
export function backfillTimes(
  from: number,
  to: number,
  intervalSeconds: number,
  phase = 0,
): number[] {
  const times: number[] = [];
  for (const { start: spanStart, end, spacing } of backfillSpans(from, to, intervalSeconds)) {
    const offset = Math.floor(phase * spacing);
    const start = Math.max(from, spanStart);
    for (
      let time = Math.ceil((start - offset) / spacing) * spacing + offset;
      time < end;
      time += spacing
    ) {
      times.push(time);
    }
  }
  return times;
}

/**
 * Sends the gateway's history between `from` and `to`, oldest first, in bodies of several
 * reports. It stops early when the collector revokes the URL, refuses a body or cannot be
 * reached after the retries; the result says which.
 */
export async function backfill(
  gateway: Gateway,
  url: string,
  options: BackfillOptions,
): Promise<BackfillResult> {
  const reportsPerBody = options.reportsPerBody ?? 50;
  const result: BackfillResult = {
    serialNumber: gateway.serialNumber,
    reports: 0,
    bodies: 0,
    accepted: 0,
    duplicates: 0,
    offlineSkipped: 0,
    revoked: false,
    stopped: false,
  };
  const { signal } = options;
  const post = signal ? { ...options.post, signal } : options.post;
  const send = async (body: BulkDataReport[]): Promise<boolean> => {
    try {
      const outcome = await postReports(url, body, post);
      if (outcome.status === 'revoked') {
        result.revoked = true;
        return false;
      }
      result.bodies += 1;
      result.reports += body.length;
      result.accepted += outcome.accepted;
      result.duplicates += outcome.duplicates;
      return true;
    } catch (error) {
      if (signal?.aborted) result.stopped = true;
      else result.error = error instanceof Error ? error.message : String(error);
      return false;
    }
  };
  const times = backfillTimes(
    options.from,
    options.to,
    options.intervalSeconds,
    gateway.profile.reportPhase,
  );
  let body: BulkDataReport[] = [];
  for (const time of times) {
    if (signal?.aborted) {
      result.stopped = true;
      return result;
    }
    if (!gateway.isOnlineAt(time)) {
      result.offlineSkipped += 1;
      continue;
    }
    body.push(gateway.reportAt(time, backfillSpacing(time, options.to, options.intervalSeconds)));
    if (body.length < reportsPerBody) continue;
    if (!(await send(body))) return result;
    body = [];
  }
  if (body.length > 0) await send(body);
  return result;
}

export interface FleetBackfillOptions extends BackfillOptions {
  /**
   * Gateways backfilling at once (default 2). On PGlite the collector commits one body at a time,
   * so two keep it busy; more only queue. A PostgreSQL collector takes more.
   */
  concurrency?: number;
  /** Called as each gateway finishes, with its target. */
  onGatewayDone?: (result: BackfillResult, target: ReportingTarget) => void;
}

/** Backfills every target, a few at a time; one gateway's failure does not stop the others. */
export async function backfillFleet(
  targets: readonly ReportingTarget[],
  options: FleetBackfillOptions,
): Promise<BackfillResult[]> {
  return mapConcurrently(targets, options.concurrency ?? 2, async (target) => {
    const result = await backfill(target.gateway, target.url, options);
    options.onGatewayDone?.(result, target);
    return result;
  });
}

/** `map` with at most `concurrency` calls in flight; the results keep the items' order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await map(items[index] as T);
    }
  };
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
