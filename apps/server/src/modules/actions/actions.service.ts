import { EventEmitter } from 'node:events';
import type { CommandResult, CommandStatus, DeviceCommand } from '@linesight/contract';
import type { Clock } from '../../clock';
import type { InTransaction } from '../../db/transaction';
import { ApiError } from '../../http/api-error';
import { type Actor, gatewayActor, systemActor } from '../audit/actor';
import type { AuditRepository } from '../audit/audit.repository';
import type { DevicesRepository } from '../devices/devices.repository';
import { lineOfServiceNotFound } from '../devices/devices.service';
import type { ActionsRepository, CommandRecord } from './actions.repository';
import { type CommandTimeouts, commandState, defaultCommandTimeouts } from './command-state';

/** The event every queued command is told under, whatever its line (line ids name the others). */
const anyLine = Symbol('any line');

/** How often a waiting command poll looks again, for commands queued by another process. */
const recheckMs = 1000;

/**
 * How long an ended command is kept: a month, the longest span a screen shows, so a support agent
 * can still look up a recent command by its message id. The audit trail keeps its ending longer.
 */
export const commandRetentionDays = 30;

function toDelivered(record: CommandRecord): { messageId: string } & DeviceCommand {
  return { messageId: record.messageId, action: record.action, parameters: record.parameters } as {
    messageId: string;
  } & DeviceCommand;
}

export interface ActionsTransaction {
  actions: ActionsRepository;
  devices: DevicesRepository;
  audit: AuditRepository;
}

const notFound = (): ApiError =>
  new ApiError(404, 'COMMAND.NOT_FOUND', 'No such command for this line of service.');
const alreadyAnswered = (): ApiError =>
  new ApiError(409, 'COMMAND.ALREADY_ANSWERED', 'This command has been answered already.');

/**
 * The command channel: a queue per line of service. The portal queues a command; the gateway
 * fetches it on its command poll (which waits up to 30 s for one) and posts the result. The
 * audit trail gets who asked for what, and how it ended: ACK, NAK or EXPIRED.
 */
export class ActionsService {
  private readonly queued = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly actions: ActionsRepository,
    private readonly clock: Clock,
    private readonly inTransaction: InTransaction<ActionsTransaction>,
    private readonly timeouts: CommandTimeouts = defaultCommandTimeouts,
  ) {}

  /** Queues a command for the line's gateway; answers its messageId. */
  async request(actor: Actor, lineOfServiceCode: string, command: DeviceCommand): Promise<string> {
    const now = this.clock.now();
    const { lineId, messageId } = await this.inTransaction(async ({ actions, devices, audit }) => {
      const line = await devices.findByCode(lineOfServiceCode);
      if (!line) throw lineOfServiceNotFound(lineOfServiceCode);
      const queued = await actions.insert(line.id, command, now);
      await audit.insert({
        at: now,
        actor,
        action: 'command.request',
        lineOfServiceCode,
        target: queued,
        details: { action: command.action, parameters: command.parameters },
      });
      return { lineId: line.id, messageId: queued };
    });
    // Only once committed: a poll woken earlier would not see the command.
    this.queued.emit(lineId);
    this.queued.emit(anyLine, lineId);
    return messageId;
  }

  /**
   * Tells `listener` the line of each command queued, once it is committed: the ACS then asks
   * the line's TR-069 gateway to open a session (decision 023).
   */
  onCommandQueued(listener: (lineId: string) => void): void {
    this.queued.on(anyLine, listener);
  }

  async status(lineId: string, messageId: string): Promise<CommandStatus> {
    const command = await this.actions.find(lineId, messageId);
    if (!command) throw notFound();
    return {
      messageId,
      state: commandState(command, this.clock.now(), this.timeouts),
      value: command.value,
    };
  }

  /**
   * The gateway's command poll: the commands waiting for it, at once if there are any, else as
   * soon as one is queued, or none after `waitSeconds`.
   */
  async poll(
    lineId: string,
    waitSeconds: number,
    signal?: AbortSignal,
  ): Promise<ReturnType<typeof toDelivered>[]> {
    const deadline = Date.now() + waitSeconds * 1000;
    for (;;) {
      const now = this.clock.now();
      const expiredBefore = new Date(now.getTime() - this.timeouts.expireSeconds * 1000);
      const delivered = await this.actions.deliver(lineId, expiredBefore, now);
      if (delivered.length > 0 || Date.now() >= deadline || signal?.aborted)
        return delivered.map(toDelivered);
      await this.waitForQueue(lineId, Math.min(recheckMs, deadline - Date.now()), signal);
    }
  }

  private waitForQueue(lineId: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.queued.off(lineId, done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.queued.on(lineId, done);
      signal?.addEventListener('abort', done);
    });
  }

  /** The gateway's answer: ACK, or NAK with its message. Refused once answered or expired. */
  async answer(
    line: { id: string; lineOfServiceCode: string },
    messageId: string,
    result: CommandResult,
  ): Promise<void> {
    const now = this.clock.now();
    await this.inTransaction(async ({ actions, audit }) => {
      const command = await actions.find(line.id, messageId);
      if (!command) throw notFound();
      const state = commandState(command, now, this.timeouts);
      if (state === 'ACK' || state === 'NAK') throw alreadyAnswered();
      if (state === 'EXPIRED')
        throw new ApiError(
          409,
          'COMMAND.EXPIRED',
          'This command has expired; its result is not taken.',
        );
      const value = result.result === 'NAK' ? (result.value ?? null) : null;
      if (!(await actions.answer(messageId, result.result, value, now))) throw alreadyAnswered();
      await audit.insert({
        at: now,
        actor: gatewayActor,
        action: 'command.result',
        lineOfServiceCode: line.lineOfServiceCode,
        target: messageId,
        details: { action: command.action, outcome: result.result, value },
      });
    });
  }

  /**
   * Deletes the commands that ended more than `commandRetentionDays` ago; answers how many. A
   * command's state is read for minutes, and who asked for it and how it ended stay in the audit
   * trail, which keeps its own (longer) retention.
   */
  async pruneEnded(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - commandRetentionDays * 86_400_000);
    return this.actions.deleteEndedBefore(cutoff);
  }

  /**
   * Writes EXPIRED on the commands past their time with no answer, and their endings to the audit
   * trail; answers how many. Their state reads EXPIRED already (it is worked out from the clock):
   * this is for the trail, so every command requested has its ending there.
   */
  async expireUnanswered(): Promise<number> {
    const now = this.clock.now();
    const requestedBefore = new Date(now.getTime() - this.timeouts.expireSeconds * 1000);
    return this.inTransaction(async ({ actions, audit }) => {
      const expired = await actions.expire(requestedBefore);
      for (const command of expired) {
        await audit.insert({
          at: now,
          actor: systemActor,
          action: 'command.result',
          lineOfServiceCode: command.lineOfServiceCode,
          target: command.messageId,
          details: { action: command.action, outcome: 'EXPIRED' },
        });
      }
      return expired.length;
    });
  }
}
