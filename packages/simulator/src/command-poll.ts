import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setTimeout as delay } from 'node:timers/promises';
import { type DeviceCommand, deliveredCommandSchema } from '@linesight/contract';
import { describeNetworkError, errorMessageOf, type ReportingTarget } from './client';
import type { CommandOutcome } from './commands';
import { unitHash } from './random';

/**
 * A live gateway's side of the command channel (docs/reporting-protocol.md, "Commands"): it
 * long-polls `{reportingUrl}/commands`, carries out each command and posts ACK or NAK. Like a
 * real fleet, some gateways are busy now and then (NAK) and some never answer (the portal's
 * TIMEOUT and EXPIRED states); which commands, follows from the gateway's seed.
 */

export interface CommandOptions {
  /** Share of commands refused as if the gateway were busy (default 0.05). */
  nakShare?: number;
  /** Share of commands fetched and never answered (default 0.05). */
  silentShare?: number;
  /** Seconds the collector may hold a poll open waiting for a command (default 30). */
  waitSeconds?: number;
  /** The first wait before polling again after a failure; it doubles up to a minute (5000 ms). */
  retryDelayMs?: number;
}

export type CommandEvent =
  | {
      type: 'command-received';
      serialNumber: string;
      at: number;
      messageId: string;
      action: string;
    }
  | {
      type: 'command-answered';
      serialNumber: string;
      at: number;
      messageId: string;
      action: string;
      result: 'ACK' | 'NAK';
      /** Why, with a NAK. */
      value?: string;
    }
  /** Fetched and left unanswered on purpose (`silentShare`): the portal will see it time out. */
  | {
      type: 'command-unanswered';
      serialNumber: string;
      at: number;
      messageId: string;
      action: string;
    }
  /** A poll or an answer failed; the poll is tried again, later and later while it keeps failing. */
  | { type: 'command-failed'; serialNumber: string; at: number; error: string };

export interface CommandPollSettings {
  options: Required<CommandOptions>;
  /** Aborting it ends the poll in flight and the loop; answers already sent still complete. */
  signal: AbortSignal;
  emit: (event: CommandEvent) => void;
  /** The collector answered 401: the URL is revoked, for commands as for reports. */
  onRevoked: (at: number) => void;
}

export const defaultCommandOptions: Required<CommandOptions> = {
  nakShare: 0.05,
  silentShare: 0.05,
  waitSeconds: 30,
  retryDelayMs: 5000,
};

const longestRetryDelayMs = 60_000;
/** An empty answer sooner than this came from a collector that does not hold polls open. */
const shortestPollMs = 1000;
const answerAttempts = 3;
/** An answer is a few bytes: a collector that takes longer is not going to take it. */
const answerTimeoutMs = 10_000;

/** `empty`: no command came, whether the collector waited or not. */
type PollOutcome = 'commands' | 'empty' | 'failed' | 'revoked';
type Fate = 'carried out' | 'busy' | 'silent';

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export class CommandPoller {
  private readonly baseUrl: string;
  private commandsReceived = 0;
  private failuresInARow = 0;

  constructor(
    private readonly target: ReportingTarget,
    private readonly settings: CommandPollSettings,
  ) {
    this.baseUrl = target.url.replace(/\/+$/, '');
  }

  /** Polls until the signal aborts or the URL is revoked; never throws. */
  async run(): Promise<void> {
    while (!this.settings.signal.aborted) {
      const started = Date.now();
      const outcome = await this.poll();
      if (outcome === 'revoked') {
        this.settings.onRevoked(nowSeconds());
        return;
      }
      if (outcome === 'failed') {
        this.failuresInARow += 1;
        await this.pause(this.retryDelayMs());
      } else {
        this.failuresInARow = 0;
        const quick = Date.now() - started < shortestPollMs;
        if (outcome === 'empty' && quick) await this.pause(shortestPollMs);
      }
    }
  }

  private async poll(): Promise<PollOutcome> {
    const { waitSeconds } = this.settings.options;
    let body: unknown;
    try {
      const response = await getOnItsOwnConnection(
        `${this.baseUrl}/commands?wait=${waitSeconds}`,
        AbortSignal.any([this.settings.signal, AbortSignal.timeout((waitSeconds + 30) * 1000)]),
      );
      if (response.status === 401) return 'revoked';
      if (response.status !== 200) {
        return this.failed(`command poll: ${response.status} ${errorMessageOf(response.text)}`);
      }
      body = JSON.parse(response.text);
    } catch (error) {
      if (this.settings.signal.aborted) return 'empty';
      return this.failed(`command poll: ${describeNetworkError(error)}`);
    }
    const commands = (body as { commands?: unknown } | null)?.commands;
    if (!Array.isArray(commands)) return this.failed('command poll: answered without commands');
    for (const command of commands) await this.handle(command);
    return commands.length > 0 ? 'commands' : 'empty';
  }

  private async handle(raw: unknown): Promise<void> {
    const { messageId, action } = identityOf(raw);
    const { serialNumber } = this.target.gateway;
    if (messageId === null) {
      this.failed(`command without a messageId: ${JSON.stringify(raw).slice(0, 200)}`);
      return;
    }
    const at = nowSeconds();
    this.settings.emit({ type: 'command-received', serialNumber, at, messageId, action });
    const fate = this.fateOfNext();
    if (fate === 'silent') {
      this.settings.emit({ type: 'command-unanswered', serialNumber, at, messageId, action });
      return;
    }
    const parsed = deliveredCommandSchema.safeParse(raw);
    let outcome: CommandOutcome;
    if (!parsed.success) outcome = { result: 'NAK', value: `Unsupported command: ${action}` };
    else if (fate === 'busy') outcome = { result: 'NAK', value: busyMessage(parsed.data) };
    else outcome = this.target.gateway.applyCommand(parsed.data, at);
    await this.answer(messageId, action, outcome);
  }

  /** Seeded per gateway and command, so a run's NAKs and silences repeat with its seed. */
  private fateOfNext(): Fate {
    const { nakShare, silentShare } = this.settings.options;
    const draw = unitHash(this.target.gateway.profile.seed, 'command', this.commandsReceived);
    this.commandsReceived += 1;
    if (draw < silentShare) return 'silent';
    return draw < silentShare + nakShare ? 'busy' : 'carried out';
  }

  /** Posts the result; a network error or 5xx is tried again, a refusal (404, 409) is not. */
  private async answer(messageId: string, action: string, outcome: CommandOutcome): Promise<void> {
    const { serialNumber } = this.target.gateway;
    const url = `${this.baseUrl}/commands/${encodeURIComponent(messageId)}`;
    for (let attempt = 1; ; attempt += 1) {
      let failure: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(outcome),
          signal: AbortSignal.timeout(answerTimeoutMs),
        });
        const text = await response.text();
        if (response.ok) {
          this.settings.emit({
            type: 'command-answered',
            serialNumber,
            at: nowSeconds(),
            messageId,
            action,
            ...outcome,
          });
          return;
        }
        if (response.status === 401) {
          this.settings.onRevoked(nowSeconds());
          return;
        }
        failure = `${response.status} ${errorMessageOf(text)}`;
        if (response.status < 500 && response.status !== 429) {
          this.failed(`answer to ${action} ${messageId} refused: ${failure}`);
          return;
        }
      } catch (error) {
        failure = describeNetworkError(error);
      }
      if (attempt >= answerAttempts || this.settings.signal.aborted) {
        this.failed(`answer to ${action} ${messageId} not delivered: ${failure}`);
        return;
      }
      await this.pause(this.settings.options.retryDelayMs);
    }
  }

  private failed(error: string): 'failed' {
    const { serialNumber } = this.target.gateway;
    this.settings.emit({ type: 'command-failed', serialNumber, at: nowSeconds(), error });
    return 'failed';
  }

  private retryDelayMs(): number {
    const first = this.settings.options.retryDelayMs;
    return Math.min(longestRetryDelayMs, first * 2 ** (this.failuresInARow - 1));
  }

  /** Waits, or less if the run stops meanwhile. */
  private async pause(ms: number): Promise<void> {
    await delay(ms, undefined, { signal: this.settings.signal }).catch(() => undefined);
  }
}

/**
 * A GET on a connection of its own, closed when the signal aborts. Not fetch: after an aborted
 * request, fetch (undici) opens a fresh connection it never uses, and a collector shutting down
 * waits for that connection until its headers timeout, a minute later.
 */
function getOnItsOwnConnection(
  url: string,
  signal: AbortSignal,
): Promise<{ status: number; text: string }> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent: false, signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The message id and action of a command, even one this agent does not know. */
function identityOf(raw: unknown): { messageId: string | null; action: string } {
  const { messageId, action } = (raw ?? {}) as { messageId?: unknown; action?: unknown };
  return {
    messageId: typeof messageId === 'string' && messageId !== '' ? messageId : null,
    action: typeof action === 'string' ? action : 'unknown',
  };
}

function busyMessage(command: DeviceCommand): string {
  return command.action === 'block' || command.action === 'unblock'
    ? 'Device busy, try again later'
    : 'Radio busy, try again later';
}
