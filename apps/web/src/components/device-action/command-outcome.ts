import type { CommandStatus } from '@linesight/contract';
import { isWaiting } from './get-device-action-status';

/** How a command ended, as the device actions section says it (seed 001 section 8). */
export type CommandOutcome =
  | { kind: 'waiting' }
  | { kind: 'success' }
  /** The gateway's own words, with a NAK that gave some. */
  | { kind: 'refused'; message: string }
  | { kind: 'no-response' };

export function commandOutcome(status: CommandStatus): CommandOutcome {
  if (isWaiting(status.state)) return { kind: 'waiting' };
  if (status.state === 'ACK') return { kind: 'success' };
  if (status.state === 'NAK' && status.value) return { kind: 'refused', message: status.value };
  return { kind: 'no-response' };
}
