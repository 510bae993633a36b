/** What the ingest bench and its server process (server.ts) say to each other over IPC. */

export interface RollupRun {
  /** Epoch ms when the run started. */
  startedAt: number;
  ms: number;
  /** Buckets built, all tiers together. */
  buckets: number;
}

export type ServerMessage =
  | {
      type: 'ready';
      port: number;
      tokens: string[];
      provisionSeconds: number;
      serverVersion: string;
    }
  | { type: 'cpu'; userMicros: number; systemMicros: number }
  | {
      type: 'stopped';
      /** Rows in gateway_reports once every request has been answered. */
      storedReports: number;
      rollups: RollupRun[];
      /** The rollup run at stop: the pending buckets the job had not reached yet. */
      finalRollup: RollupRun;
    };

export type BenchMessage = { type: 'cpu' } | { type: 'stop' };
