import { EventEmitter } from 'node:events';
import type { CommandResult, CommandStatus, DeviceCommand } from '@linesight/contract';
import type { Clock } from '../../clock';
import { ApiError } from '../../http/api-error';
import type { ActionsRepository, CommandRecord } from './actions.repository';
import { type CommandTimeouts, commandState, defaultCommandTimeouts } from './command-state';

/** How often a waiting command poll looks again, for commands queued by another process. */
const recheckMs = 1000;

function toDelivered(record: CommandRecord): { messageId: string } & DeviceCommand {
  return { messageId: record.messageId, action: record.action, parameters: record.parameters } as {
    messageId: string;
  } & DeviceCommand;
}

/**
 * The command channel: a queue per line of service. The portal queues a command; the gateway
 * fetches it on its command poll (which waits up to 30 s for one) and posts the result.
 */
export class ActionsService {
  private readonly queued = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly actions: ActionsRepository,
    private readonly clock: Clock,
    private readonly timeouts: CommandTimeouts = defaultCommandTimeouts,
  ) {}

  async request(lineId: string, command: DeviceCommand): Promise<string> {
    const messageId = await this.actions.insert(lineId, command, this.clock.now());
    this.queued.emit(lineId);
    return messageId;
  }

  async status(lineId: string, messageId: string): Promise<CommandStatus> {
    const command = await this.actions.find(lineId, messageId);
    if (!command)
      throw new ApiError(404, 'COMMAND.NOT_FOUND', 'No such command for this line of service.');
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
  async answer(lineId: string, messageId: string, result: CommandResult): Promise<void> {
    const command = await this.actions.find(lineId, messageId);
    if (!command)
      throw new ApiError(404, 'COMMAND.NOT_FOUND', 'No such command for this line of service.');
    const state = commandState(command, this.clock.now(), this.timeouts);
    if (state === 'ACK' || state === 'NAK') {
      throw new ApiError(
        409,
        'COMMAND.ALREADY_ANSWERED',
        'This command has been answered already.',
      );
    }
    if (state === 'EXPIRED')
      throw new ApiError(
        409,
        'COMMAND.EXPIRED',
        'This command has expired; its result is not taken.',
      );
    const value = result.result === 'NAK' ? (result.value ?? null) : null;
    if (!(await this.actions.answer(messageId, result.result, value, this.clock.now()))) {
      throw new ApiError(
        409,
        'COMMAND.ALREADY_ANSWERED',
        'This command has been answered already.',
      );
    }
  }
}
