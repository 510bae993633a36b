import type { Gateway } from '../gateway';
import { unitHash } from '../random';
import { CwmpAgent, type CwmpAgentOptions } from './agent';
import { ConnectionRequestServer, type ConnectionRequestServerOptions } from './connection-request';
import type { DataModel } from './data-model';
import { runSession } from './session';

/**
 * TR-069 gateways live, beside `runLive`'s Bulk Data ones: each informs its ACS at start
 * (`0 BOOTSTRAP`), then every `PeriodicInformInterval` (which the ACS may change), at once after
 * a connection request, a reboot or a diagnostic, and retries a failed session with the
 * standard's back-off. There is no backfill: CWMP carries the present only.
 */

export interface CwmpTarget {
  gateway: Gateway;
  /** The line's ACS URL (`acsPaths.line` with its token). */
  acsUrl: string;
  dataModel: DataModel;
  /** This gateway's own faults on demand, over the run's. */
  faults?: CwmpAgentOptions['faults'];
  faultShare?: number;
}

export interface CwmpRunOptions {
  /** The periodic inform interval until the ACS sets one (default 300 s). */
  intervalSeconds?: number;
  /** Where the connection request server listens (default 127.0.0.1, any port); false: none. */
  connectionRequests?: ConnectionRequestServerOptions | false;
  faults?: CwmpAgentOptions['faults'];
  /** Share of the ACS's changes refused as busy (9001), per gateway's seed (default 0). */
  faultShare?: number;
  maxParameterValues?: number;
  /** Retries of a failed session before waiting for the next periodic one (default 10). */
  maxRetries?: number;
  /** TR-069's `CWMPRetryMinimumWaitInterval` (default 5 s; tests shorten it). */
  retryMinimumWaitSeconds?: number;
  /** Seconds a reboot takes before the gateway informs `1 BOOT` (default 5). */
  rebootSeconds?: number;
  signal?: AbortSignal;
  onEvent?: (event: CwmpEvent) => void;
}

export type CwmpEvent =
  | {
      type: 'cwmp-session';
      serialNumber: string;
      at: number;
      /** The Inform's event codes. */
      events: string[];
      /** The ACS's requests answered. */
      requests: number;
    }
  | {
      type: 'cwmp-failed';
      serialNumber: string;
      at: number;
      error: string;
      /** Seconds until the retry; null when the retries ran out (the next periodic one). */
      retryInSeconds: number | null;
    }
  | { type: 'cwmp-connection-request'; serialNumber: string; at: number }
  | { type: 'offline'; serialNumber: string; at: number }
  /** The ACS answered 401: the gateway stops. */
  | { type: 'revoked'; serialNumber: string; at: number };

export interface CwmpRun {
  /** Each target's agent, in order: its tree, its credentials, its ConnectionRequestURL. */
  agents: readonly CwmpAgent[];
  add(targets: readonly CwmpTarget[]): void;
  /** Stops; resolves once the sessions in flight have ended. */
  stop(): Promise<void>;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export async function runCwmp(
  targets: readonly CwmpTarget[],
  options: CwmpRunOptions = {},
): Promise<CwmpRun> {
  const stopping = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, stopping.signal])
    : stopping.signal;
  let server: ConnectionRequestServer | null = null;
  if (options.connectionRequests !== false) {
    server = new ConnectionRequestServer();
    await server.listen(options.connectionRequests ?? {});
  }
  const devices: CwmpDevice[] = [];
  const agents: CwmpAgent[] = [];
  const add = (more: readonly CwmpTarget[]): void => {
    if (signal.aborted) return;
    for (const target of more) {
      const device = new CwmpDevice(target, options, signal, server);
      devices.push(device);
      agents.push(device.agent);
      device.start();
    }
  };
  add(targets);
  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      stopping.abort();
      await Promise.all(devices.map((device) => device.stopped()));
      await server?.close();
    })());
  signal.addEventListener('abort', () => void stop(), { once: true });
  return { agents, add, stop };
}

/** One gateway: its agent, its timers, one session at a time. */
class CwmpDevice {
  readonly agent: CwmpAgent;
  private periodicTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private scheduledInterval: number | null = null;
  private session: Promise<void> | null = null;
  private again = false;
  private retryCount = 0;
  private revoked = false;
  private readonly emit: (event: CwmpEvent) => void;

  constructor(
    private readonly target: CwmpTarget,
    private readonly options: CwmpRunOptions,
    private readonly signal: AbortSignal,
    server: ConnectionRequestServer | null,
  ) {
    this.emit = options.onEvent ?? (() => undefined);
    this.agent = new CwmpAgent(target.gateway, {
      dataModel: target.dataModel,
      acsUrl: target.acsUrl,
      periodicInformIntervalSeconds: options.intervalSeconds,
      faults: { ...options.faults, ...target.faults },
      faultShare: target.faultShare ?? options.faultShare,
      maxParameterValues: options.maxParameterValues,
    });
    if (server) {
      this.agent.connectionRequestUrl = server.register(target.gateway.serialNumber, {
        credentials: () => this.agent.connectionRequestCredentials,
        onConnectionRequest: () => {
          this.emit({
            type: 'cwmp-connection-request',
            serialNumber: target.gateway.serialNumber,
            at: nowSeconds(),
          });
          this.agent.queueEvent('6 CONNECTION REQUEST');
          this.requestSession();
        },
      });
    }
  }

  start(): void {
    this.signal.addEventListener('abort', () => this.halt(), { once: true });
    this.requestSession();
  }

  async stopped(): Promise<void> {
    this.halt();
    await this.session;
  }

  private halt(): void {
    clearTimeout(this.periodicTimer);
    clearTimeout(this.retryTimer);
  }

  /** Opens a session now, or as soon as the open one ends. */
  private requestSession(): void {
    if (this.signal.aborted || this.revoked) return;
    if (this.session) {
      this.again = true;
      return;
    }
    clearTimeout(this.retryTimer);
    this.session = this.runOnce().finally(() => {
      this.session = null;
      if (this.again) {
        this.again = false;
        this.requestSession();
      }
    });
  }

  private async runOnce(): Promise<void> {
    const { gateway } = this.target;
    const { serialNumber } = gateway;
    const at = nowSeconds();
    if (!gateway.isOnlineAt(at)) {
      this.emit({ type: 'offline', serialNumber, at });
      this.schedulePeriodic();
      return;
    }
    const events = this.agent.pendingEvents.map((event) => event.eventCode);
    const outcome = await runSession(this.agent, {
      at,
      retryCount: this.retryCount,
      signal: this.signal,
    });
    if (this.signal.aborted) return;
    if (outcome.status === 'revoked') {
      this.revoked = true;
      this.halt();
      this.emit({ type: 'revoked', serialNumber, at });
      return;
    }
    if (outcome.status === 'done') {
      this.retryCount = 0;
      this.emit({ type: 'cwmp-session', serialNumber, at, events, requests: outcome.requests });
    } else {
      this.retry(at, outcome.error);
    }
    this.schedulePeriodic();
    if (outcome.diagnosticsComplete) this.again = true;
    if (outcome.rebooted) {
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(
        () => this.requestSession(),
        (this.options.rebootSeconds ?? 5) * 1000,
      );
    }
  }

  /** TR-069 3.2.1.1: the n-th retry waits m·k^(n-1) to m·k^n seconds, n at most 10. */
  private retry(at: number, error: string): void {
    const { serialNumber, profile } = this.target.gateway;
    this.retryCount += 1;
    if (this.retryCount > (this.options.maxRetries ?? 10)) {
      this.retryCount = 0;
      this.emit({ type: 'cwmp-failed', serialNumber, at, error, retryInSeconds: null });
      return;
    }
    const policy = this.agent.retryPolicy;
    const minimum = this.options.retryMinimumWaitSeconds ?? policy.minimumWaitSeconds;
    const n = Math.min(this.retryCount, 10);
    const low = minimum * policy.multiplier ** (n - 1);
    const wait = low + (low * policy.multiplier - low) * unitHash(profile.seed, 'retry', at);
    this.emit({ type: 'cwmp-failed', serialNumber, at, error, retryInSeconds: wait });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.requestSession(), wait * 1000);
  }

  /** Keeps the periodic timer on the interval the ACS set, from the gateway's report phase. */
  private schedulePeriodic(): void {
    const interval = this.agent.periodicInformIntervalSeconds;
    if (interval === this.scheduledInterval && this.periodicTimer) return;
    clearTimeout(this.periodicTimer);
    this.scheduledInterval = interval;
    if (interval === null || this.signal.aborted) return;
    const intervalMs = interval * 1000;
    const phaseMs = Math.floor(this.target.gateway.profile.reportPhase * intervalMs);
    const tick = (): void => {
      const now = Date.now();
      const next = Math.floor((now - phaseMs) / intervalMs + 1) * intervalMs + phaseMs;
      this.periodicTimer = setTimeout(() => {
        this.agent.queueEvent('2 PERIODIC');
        this.requestSession();
        tick();
      }, next - now);
    };
    tick();
  }
}
