import { type PostOptions, postReports, type ReportingTarget } from './client';
import {
  type CommandEvent,
  type CommandOptions,
  CommandPoller,
  defaultCommandOptions,
} from './command-poll';
import type { BulkDataReport } from './report';

/**
 * Gateways reporting live: each on its own grid of `intervalSeconds`, shifted by its report
 * phase so a fleet's load is spread over the interval. Reports that could not be delivered are
 * kept and sent with the next ones, as a gateway catches up after an outage. Each gateway also
 * polls for the portal's commands and answers them.
 */

export interface LiveOptions {
  /** Seconds between reports (default 300). */
  intervalSeconds?: number;
  /** Undelivered reports kept for the next attempt (default 288: a day at 5 minutes). */
  maxPendingReports?: number;
  /** Reports per body when catching up (default 50). */
  reportsPerBody?: number;
  post?: PostOptions;
  /** How gateways answer commands; false: they do not poll for any (default: they do). */
  commands?: CommandOptions | false;
  /** Aborting it stops the run as `stop()` does; `stop()` still tells when it has. */
  signal?: AbortSignal;
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
  /** The collector answered 401 to a report or a command poll: the gateway stops both. */
  | { type: 'revoked'; serialNumber: string; at: number }
  | CommandEvent;

export interface LiveRun {
  /** Starts more gateways, e.g. each as its backfill finishes; ignored once stopping. */
  add(targets: readonly ReportingTarget[]): void;
  /** Stops reporting and polling; resolves once requests already sent have their answers. */
  stop(): Promise<void>;
}

interface LiveSettings {
  intervalMs: number;
  maxPendingReports: number;
  reportsPerBody: number;
  post: PostOptions;
  commands: Required<CommandOptions> | null;
  signal: AbortSignal;
  emit: (event: LiveEvent) => void;
}

export function runLive(targets: readonly ReportingTarget[], options: LiveOptions = {}): LiveRun {
  const stopping = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, stopping.signal])
    : stopping.signal;
  const settings: LiveSettings = {
    intervalMs: (options.intervalSeconds ?? 300) * 1000,
    maxPendingReports: options.maxPendingReports ?? 288,
    reportsPerBody: options.reportsPerBody ?? 50,
    post: options.post ?? {},
    commands: options.commands === false ? null : { ...defaultCommandOptions, ...options.commands },
    signal,
    emit: options.onEvent ?? (() => undefined),
  };
  const gateways: LiveGateway[] = [];
  const add = (more: readonly ReportingTarget[]): void => {
    if (signal.aborted) return;
    for (const target of more) {
      const gateway = new LiveGateway(target, settings);
      gateways.push(gateway);
      gateway.start();
    }
  };
  add(targets);
  return {
    add,
    async stop() {
      stopping.abort();
      await Promise.all(gateways.map((gateway) => gateway.stopped()));
    },
  };
}

/** One gateway's reports and command poll; a 401 on either stops both. */
class LiveGateway {
  private readonly revoking = new AbortController();
  private readonly signal: AbortSignal;
  private readonly reporter: LiveReporter;
  private readonly poller: CommandPoller | null;
  private polling: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: ReportingTarget,
    private readonly settings: LiveSettings,
  ) {
    this.signal = AbortSignal.any([settings.signal, this.revoking.signal]);
    const onRevoked = (at: number): void => this.revoke(at);
    this.reporter = new LiveReporter(target, settings, this.signal, onRevoked);
    this.poller = settings.commands
      ? new CommandPoller(target, {
          options: settings.commands,
          signal: this.signal,
          emit: settings.emit,
          onRevoked,
        })
      : null;
  }

  start(): void {
    this.signal.addEventListener('abort', () => this.reporter.halt(), { once: true });
    this.reporter.start();
    if (this.poller) this.polling = this.poller.run();
  }

  /** Resolves once the requests in flight have their answers; the caller aborts first. */
  async stopped(): Promise<void> {
    await Promise.all([this.reporter.settled(), this.polling]);
  }

  private revoke(at: number): void {
    if (this.signal.aborted) return;
    this.settings.emit({ type: 'revoked', serialNumber: this.target.gateway.serialNumber, at });
    this.revoking.abort();
  }
}

class LiveReporter {
  private timer: NodeJS.Timeout | undefined;
  private pending: BulkDataReport[] = [];
  private sending: Promise<void> | null = null;
  private readonly post: PostOptions;

  constructor(
    private readonly target: ReportingTarget,
    private readonly settings: LiveSettings,
    private readonly signal: AbortSignal,
    private readonly onRevoked: (at: number) => void,
  ) {
    this.post = { ...settings.post, signal };
  }

  start(): void {
    const { intervalMs } = this.settings;
    const phaseMs = Math.floor(this.target.gateway.profile.reportPhase * intervalMs);
    const now = Date.now();
    const slot = Math.floor((now - phaseMs) / intervalMs + 1) * intervalMs + phaseMs;
    this.timer = setTimeout(() => this.tick(slot), slot - now);
  }

  halt(): void {
    clearTimeout(this.timer);
  }

  /** Resolves once the body in flight, if any, has its answer. */
  async settled(): Promise<void> {
    await this.sending;
  }

  private tick(slot: number): void {
    if (this.signal.aborted) return;
    const { gateway } = this.target;
    const at = Math.round(slot / 1000);
    if (gateway.isOnlineAt(at)) {
      this.pending.push(gateway.reportAt(at, this.settings.intervalMs / 1000));
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
    while (this.pending.length > 0 && !this.signal.aborted) {
      const body = this.pending.slice(0, this.settings.reportsPerBody);
      try {
        const outcome = await postReports(this.target.url, body, this.post);
        if (outcome.status === 'revoked') {
          this.pending = [];
          this.onRevoked(at);
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
        if (this.signal.aborted) return;
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
