import {
  correctiveLatencyFlagMs,
  correctiveWindowMinutes,
  type CorrectiveScores,
  type QoeSpanRow,
  qoeUnavailable,
} from '@linesight/contract';

/**
 * What the corrective action cards read of a line's QoE span (seed 001 sections 3, 4 and 9).
 * The card rules themselves are the contract's `correctiveActions`; this only picks the scores.
 */

/** The window the cards read: the last 25 minutes up to `now`. */
export function correctiveWindow(now: number): { start: number; end: number } {
  return { start: now - correctiveWindowMinutes * 60_000, end: now };
}

/** The newest row of the window, or null when the gateway was not scored in it. */
export function newestRow(rows: readonly QoeSpanRow[]): QoeSpanRow | null {
  let newest: QoeSpanRow | null = null;
  for (const row of rows) if (!newest || row.timestamp > newest.timestamp) newest = row;
  return newest;
}

/** The seed's corrective scores from the newest row; all -1 (unavailable) when there is none. */
export function correctiveScoresOf(row: QoeSpanRow | null): CorrectiveScores {
  if (!row) {
    return {
      wifi: qoeUnavailable,
      cpuPercentScore: qoeUnavailable,
      freeram: qoeUnavailable,
      latestAvgMaxUptime: qoeUnavailable,
    };
  }
  return {
    wifi: row.wifiScore,
    cpuPercentScore: row.cpuPercentScore,
    freeram: row.freeRamScore,
    latestAvgMaxUptime: row.avgMaxUptimeScore,
  };
}

/**
 * Whether the cards flag the server as slow (seed 001 section 9: after 3 s): the request under
 * way has waited longer than that, or the last one that came back took longer. The flag stays
 * until a request comes back in time, so a slow answer is not forgotten the moment it lands.
 */
export function isSlow(lastElapsedMs: number | null, inFlightForMs: number | null): boolean {
  return (
    (inFlightForMs !== null && inFlightForMs > correctiveLatencyFlagMs) ||
    (lastElapsedMs !== null && lastElapsedMs > correctiveLatencyFlagMs)
  );
}
