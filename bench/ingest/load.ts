import http from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ReportAccepted } from '@linesight/contract';
import { nextReportJson, type SimulatedGateway } from './reports';

/**
 * The gateways' side: keep-alive HTTP POSTs of report bodies to their reporting URLs, at most
 * one in flight per gateway, `concurrency` in all.
 */

/** How a body is posted: reports per body, and whether gzipped. */
export interface Posting {
  reportsPerBody: number;
  gzip: boolean;
}

const gzipAsync = promisify(gzip);

interface Answer {
  status: number;
  body: string;
}

function post(agent: http.Agent, port: number, token: string, body: Buffer, zipped: boolean) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/report/v1/${token}`,
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          ...(zipped ? { 'content-encoding': 'gzip' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface Completed {
  /** performance.now() when the answer had arrived. */
  endedAt: number;
  ms: number;
  reports: number;
  accepted: number;
}

export interface LoadTotals {
  requests: number;
  reportsSent: number;
  accepted: number;
  duplicates: number;
  /** Answers other than 200, and requests that failed outright, with the first few reasons. */
  errors: number;
  errorSamples: string[];
  /** Bytes of JSON, and as sent (gzipped or not). */
  jsonBytes: number;
  bodyBytes: number;
}

/**
 * Takes the next gateway (round robin) with nothing in flight, marking it in `busy`; the caller
 * deletes it from `busy` once its work has ended. Throws when every gateway is busy.
 */
export function idleGatewayPicker<Gateway extends { index: number }>(
  gateways: readonly Gateway[],
  busy: Set<number>,
): () => Gateway {
  let cursor = 0;
  return () => {
    for (let tries = 0; tries < gateways.length; tries++) {
      const gateway = gateways[cursor++ % gateways.length];
      if (gateway && !busy.has(gateway.index)) {
        busy.add(gateway.index);
        return gateway;
      }
    }
    throw new Error('every gateway is busy: use more gateways');
  };
}

/**
 * Keeps `concurrency` requests in flight, each from the next gateway (round robin) that has
 * none in flight, until `stop()`, which resolves once every request has its answer.
 */
export function startLoad(
  portFor: (gatewayIndex: number) => number,
  gateways: SimulatedGateway[],
  posting: Posting,
  concurrency: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const busy = new Set<number>();
  const reported = new Set<number>();
  const completed: Completed[] = [];
  const totals: LoadTotals = {
    requests: 0,
    reportsSent: 0,
    accepted: 0,
    duplicates: 0,
    errors: 0,
    errorSamples: [],
    jsonBytes: 0,
    bodyBytes: 0,
  };
  let stopping = false;
  const takeGateway = idleGatewayPicker(gateways, busy);

  const failed = (reason: string) => {
    totals.errors += 1;
    if (totals.errorSamples.length < 5) totals.errorSamples.push(reason);
  };

  const sendOne = async (): Promise<void> => {
    const gateway = takeGateway();
    const reports = Array.from({ length: posting.reportsPerBody }, () => nextReportJson(gateway));
    const json = Buffer.from(`{"Report":[${reports.join(',')}]}`);
    const body = posting.gzip ? await gzipAsync(json) : json;
    totals.requests += 1;
    totals.reportsSent += reports.length;
    totals.jsonBytes += json.length;
    totals.bodyBytes += body.length;
    const started = performance.now();
    try {
      const answer = await post(agent, portFor(gateway.index), gateway.token, body, posting.gzip);
      const endedAt = performance.now();
      if (answer.status !== 200) return failed(`${answer.status} ${answer.body.slice(0, 200)}`);
      const { accepted, duplicates } = JSON.parse(answer.body) as ReportAccepted;
      totals.accepted += accepted;
      totals.duplicates += duplicates;
      reported.add(gateway.index);
      completed.push({ endedAt, ms: endedAt - started, reports: reports.length, accepted });
    } catch (error) {
      failed(error instanceof Error ? error.message : String(error));
    } finally {
      busy.delete(gateway.index);
    }
  };

  const worker = async () => {
    while (!stopping) await sendOne();
  };
  const drained = Promise.all(Array.from({ length: concurrency }, worker)).finally(() =>
    agent.destroy(),
  );
  return {
    concurrency,
    completed,
    totals,
    /** How many gateways have had a report accepted. */
    reportedGateways: () => reported.size,
    stop: () => {
      stopping = true;
      return drained;
    },
  };
}

export type Load = ReturnType<typeof startLoad>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()`, failing at the first error; answers the seconds waited. */
async function runUntil(load: Load, done: () => boolean, what: string): Promise<number> {
  const started = performance.now();
  while (!done()) {
    if (load.totals.errors > 0) {
      throw new Error(`requests failed in the ${what}: ${load.totals.errorSamples.join('; ')}`);
    }
    await sleep(200);
  }
  return (performance.now() - started) / 1000;
}

/**
 * One report from every gateway, so that each has its state (previous counters, hosts) as in
 * service before anything is measured. Answers the stopped load, for its totals.
 */
export async function prime(
  portFor: (gatewayIndex: number) => number,
  gateways: SimulatedGateway[],
  concurrency: number,
): Promise<{ load: Load; seconds: number }> {
  const load = startLoad(portFor, gateways, { reportsPerBody: 1, gzip: false }, concurrency);
  const seconds = await runUntil(
    load,
    () => load.reportedGateways() === gateways.length,
    'priming',
  );
  await load.stop();
  return { load, seconds };
}

/** Lets `load` run for `ms` before measuring, failing at the first error. */
export async function warmUp(load: Load, ms: number): Promise<number> {
  const started = performance.now();
  return runUntil(load, () => performance.now() - started >= ms, 'warm-up');
}
