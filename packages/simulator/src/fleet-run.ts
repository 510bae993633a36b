import { backfill, type BackfillResult, mapConcurrently } from './backfill';
import type { PostOptions, ReportingTarget } from './client';
import type { CommandOptions } from './command-poll';
import { createFleet, type FleetOptions } from './fleet';
import { type LiveEvent, runLive } from './live';

/**
 * A whole fleet's life in one call, as a demo needs it: each gateway backfills its history, then
 * goes live (reports and command polling) as soon as its own backfill is done, until the signal
 * stops everything. For a server that runs its demo fleet in-process, or for the CLI.
 */

export interface FleetRunOptions {
  /** Gateway i reports to its URL; see `fleetTargets`. */
  targets: readonly ReportingTarget[];
  /** Days of history each gateway sends before going live, up to its own start (default 0). */
  backfillDays?: number;
  /** The reporting interval, live and for the newest day of history (default 300 s). */
  intervalSeconds?: number;
  /** Gateways backfilling at once (default 2; see `FleetBackfillOptions.concurrency`). */
  concurrency?: number;
  /** Whether gateways go live after their backfill (default true). */
  live?: boolean;
  /** How live gateways answer commands; false: they do not poll for any. */
  commands?: CommandOptions | false;
  /** Reports per body, backfilling or catching up (default 50). */
  reportsPerBody?: number;
  post?: PostOptions;
  /**
   * Aborting it stops the run: backfills after the body in flight, live gateways after the
   * requests in flight. Without one, a live run never ends.
   */
  signal?: AbortSignal;
  onEvent?: (event: FleetEvent) => void;
}

/** Backfill progress, for a log line: per gateway as each finishes. */
export type BackfillEvent =
  | { type: 'backfill-started'; gateways: number; days: number }
  | {
      type: 'backfill-gateway-done';
      result: BackfillResult;
      /** Gateways whose backfill has ended, this one included, of `gateways`. */
      done: number;
      gateways: number;
      /** Reports sent by all gateways so far. */
      reports: number;
    }
  | { type: 'backfill-done'; gateways: number; reports: number; seconds: number };

/** What a fleet run tells: its backfill's progress, then each live gateway's doings. */
export type FleetEvent = BackfillEvent | LiveEvent;

export interface FleetRunResult {
  /** Per target, in order; empty when there was no backfill. */
  backfill: BackfillResult[];
}

/** The targets for a list of reporting URLs: gateway i of the fleet reports to URL i. */
export function fleetTargets(
  reportingUrls: readonly string[],
  options: Omit<FleetOptions, 'size'>,
): ReportingTarget[] {
  return createFleet({ ...options, size: reportingUrls.length }).map((gateway, index) => ({
    gateway,
    url: reportingUrls[index] ?? '',
  }));
}

/**
 * Backfills each gateway up to the moment its backfill starts, starts it live once done (unless
 * its URL was revoked or the run stopped), and resolves when the run has stopped: after the
 * backfill when not live, else once the signal has aborted and the requests in flight ended.
 */
export async function runFleet(options: FleetRunOptions): Promise<FleetRunResult> {
  const { targets, signal } = options;
  const emit = options.onEvent ?? (() => undefined);
  const intervalSeconds = options.intervalSeconds ?? 300;
  const backfillDays = options.backfillDays ?? 0;
  const live =
    (options.live ?? true)
      ? runLive([], {
          intervalSeconds,
          commands: options.commands,
          reportsPerBody: options.reportsPerBody,
          post: options.post,
          signal,
          onEvent: emit,
        })
      : null;
  let results: BackfillResult[] = [];
  if (backfillDays > 0) {
    results = await backfillAll(options, intervalSeconds, backfillDays, (target) =>
      live?.add([target]),
    );
  } else {
    live?.add(targets);
  }
  if (live) {
    await abortOf(signal);
    await live.stop();
  }
  return { backfill: results };
}

async function backfillAll(
  options: FleetRunOptions,
  intervalSeconds: number,
  days: number,
  onReady: (target: ReportingTarget) => void,
): Promise<BackfillResult[]> {
  const { targets, signal } = options;
  const emit = options.onEvent ?? (() => undefined);
  const started = performance.now();
  let done = 0;
  let reports = 0;
  emit({ type: 'backfill-started', gateways: targets.length, days });
  const results = await mapConcurrently(targets, options.concurrency ?? 2, async (target) => {
    // Up to now, not the fleet's start: the last gateways' history meets their live reports.
    const to = Math.floor(Date.now() / 1000);
    const result = await backfill(target.gateway, target.url, {
      from: to - Math.round(days * 86_400),
      to,
      intervalSeconds,
      reportsPerBody: options.reportsPerBody,
      post: options.post,
      signal,
    });
    done += 1;
    reports += result.reports;
    emit({ type: 'backfill-gateway-done', result, done, gateways: targets.length, reports });
    if (!result.revoked && !result.stopped) onReady(target);
    return result;
  });
  const seconds = (performance.now() - started) / 1000;
  emit({ type: 'backfill-done', gateways: targets.length, reports, seconds });
  return results;
}

/** Resolves when the signal aborts; never, without one. */
function abortOf(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve();
    else signal?.addEventListener('abort', () => resolve(), { once: true });
  });
}
