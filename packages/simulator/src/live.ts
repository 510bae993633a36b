import { type PostOptions, postReports, type ReportingTarget } from './client';
import type { BulkDataReport } from './report';

/**
 * Gateways reporting live: each on its own grid of `intervalSeconds`, shifted by its report
 * phase so a fleet's load is spread over the interval. Reports that could not be delivered are
 * kept and sent with the next ones, as a gateway catches up after an outage.
 */

export interface LiveOptions {
  /** Seconds between reports (default 300). */
  intervalSeconds?: number;
  /** Undelivered reports kept for the next attempt (default 288: a day at 5 minutes). */
  maxPendingReports?: number;
  /** Reports per body when catching up (default 50). */
  reportsPerBody?: number;
  post?: PostOptions;
  onEvent?: (event: LiveEvent) => void;
}

export type LiveEvent =
  | {
      type: 'sent';
      serialNumber: string;
      at: number;
      reports: number;
      accepted: number;
      duplicates: number;
    }
  | { type: 'offline'; serialNumber: string; at: number }
  | { type: 'failed'; serialNumber: string; at: number; pending: number; error: string }
  | { type: 'revoked'; serialNumber: string; at: number };

export interface LiveRun {
  /** Stops reporting; resolves once requests already sent have their answers. */
  stop(): Promise<void>;
}

interface LiveSettings {
  intervalMs: number;
  maxPendingReports: number;
  reportsPerBody: number;
  post: PostOptions;
  emit: (event: LiveEvent) => void;
}

export function runLive(targets: readonly ReportingTarget[], options: LiveOptions = {}): LiveRun {
  const stopping = new AbortController();
  const settings: LiveSettings = {
    intervalMs: (options.intervalSeconds ?? 300) * 1000,
    maxPendingReports: options.maxPendingReports ?? 288,
    reportsPerBody: options.reportsPerBody ?? 50,
    post: { ...options.post, signal: stopping.signal },
    emit: options.onEvent ?? (() => undefined),
  };
  const reporters = targets.map((target) => new LiveReporter(target, settings));
  for (const reporter of reporters) reporter.start();
  return {
    async stop() {
      stopping.abort();
      await Promise.all(reporters.map((reporter) => reporter.stop()));
    },
  };
}

class LiveReporter {
  private timer: NodeJS.Timeout | undefined;
  private pending: BulkDataReport[] = [];
  private sending: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly target: ReportingTarget,
    private readonly settings: LiveSettings,
  ) {}

  start(): void {
    const { intervalMs } = this.settings;
    const phaseMs = Math.floor(this.target.gateway.profile.reportPhase * intervalMs);
    const now = Date.now();
    const slot = Math.floor((now - phaseMs) / intervalMs + 1) * intervalMs + phaseMs;
    this.timer = setTimeout(() => this.tick(slot), slot - now);
  }

  async stop(): Promise<void> {
    this.halt();
    await this.sending;
  }

  private halt(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private tick(slot: number): void {
    if (this.stopped) return;
    const { gateway } = this.target;
    const at = Math.round(slot / 1000);
    if (gateway.isOnlineAt(at)) {
      this.pending.push(gateway.reportAt(at));
      // A long outage keeps only the newest reports, as a gateway's retained-report buffer does.
      this.pending.splice(0, Math.max(0, this.pending.length - this.settings.maxPendingReports));
      this.sending ??= this.flush(at).finally(() => (this.sending = null));
    } else {
      this.settings.emit({ type: 'offline', serialNumber: gateway.serialNumber, at });
    }
    const next = slot + this.settings.intervalMs;
    this.timer = setTimeout(() => this.tick(next), Math.max(0, next - Date.now()));
  }

  /** Sends what is pending, oldest first; on failure keeps it for the next tick. */
  private async flush(at: number): Promise<void> {
    const { serialNumber } = this.target.gateway;
    while (this.pending.length > 0 && !this.stopped) {
      const body = this.pending.slice(0, this.settings.reportsPerBody);
      try {
        const outcome = await postReports(this.target.url, body, this.settings.post);
        if (outcome.status === 'revoked') {
          this.settings.emit({ type: 'revoked', serialNumber, at });
          this.pending = [];
          this.halt();
          return;
        }
        this.pending.splice(0, body.length);
        this.settings.emit({
          type: 'sent',
          serialNumber,
          at,
          reports: body.length,
          accepted: outcome.accepted,
          duplicates: outcome.duplicates,
        });
      } catch (error) {
        if (this.stopped) return;
        const message = error instanceof Error ? error.message : String(error);
        this.settings.emit({
          type: 'failed',
          serialNumber,
          at,
          pending: this.pending.length,
          error: message,
        });
        return;
      }
    }
  }
}
