import type { CommandState } from '@linesight/contract';

/**
 * How long a command waits for its gateway's answer: the seeds name the states, not the times.
 * A gateway on its long command poll gets a command within a second, and a block or a channel
 * change is answered within seconds, so one minute without an answer is worth telling the user
 * about, and five means the gateway is not going to answer. `COMMAND_EXPIRE_SECONDS` sets the
 * five minutes; the two warnings come at a fifth and two fifths of it (docs/decisions/017).
 */
export interface CommandTimeouts {
  firstSeconds: number;
  secondSeconds: number;
  expireSeconds: number;
}

/** TIMEOUT-1 at a fifth of the expiry, TIMEOUT-2 at two fifths, EXPIRED at `expireSeconds`. */
export function commandTimeoutsFor(expireSeconds: number): CommandTimeouts {
  return { firstSeconds: expireSeconds / 5, secondSeconds: (expireSeconds * 2) / 5, expireSeconds };
}

export const defaultCommandExpireSeconds = 300;
export const defaultCommandTimeouts: CommandTimeouts = commandTimeoutsFor(
  defaultCommandExpireSeconds,
);

export interface CommandTimes {
  requestedAt: Date;
  deliveredAt: Date | null;
  outcome: 'ACK' | 'NAK' | 'EXPIRED' | null;
}

/** A command's state at `now`: its answer if it has one, else what its age makes it. */
export function commandState(
  command: CommandTimes,
  now: Date,
  timeouts: CommandTimeouts = defaultCommandTimeouts,
): CommandState {
  if (command.outcome) return command.outcome;
  const ageSeconds = (now.getTime() - command.requestedAt.getTime()) / 1000;
  if (ageSeconds >= timeouts.expireSeconds) return 'EXPIRED';
  if (ageSeconds >= timeouts.secondSeconds) return 'TIMEOUT-2';
  if (ageSeconds >= timeouts.firstSeconds) return 'TIMEOUT-1';
  return command.deliveredAt ? 'PENDING' : 'REQUESTED';
}
