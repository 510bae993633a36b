import type { CommandState } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { commandOutcome } from './command-outcome';

const status = (state: CommandState, value: string | null = null) => ({
  messageId: 'a2f1c3e4-0000-4000-8000-000000000001',
  state,
  value,
});

describe('commandOutcome', () => {
  it('should keep waiting while the command is requested, pending or timing out', () => {
    for (const state of ['REQUESTED', 'PENDING', 'TIMEOUT-1', 'TIMEOUT-2'] as const) {
      expect(commandOutcome(status(state))).toEqual({ kind: 'waiting' });
    }
  });

  it('should call an ACK a success', () => {
    expect(commandOutcome(status('ACK'))).toEqual({ kind: 'success' });
  });

  it("should give a NAK's own message when it has one", () => {
    expect(commandOutcome(status('NAK', 'Radio busy, try again later'))).toEqual({
      kind: 'refused',
      message: 'Radio busy, try again later',
    });
  });

  it('should say the device did not respond to a bare NAK or an expired command', () => {
    expect(commandOutcome(status('NAK'))).toEqual({ kind: 'no-response' });
    expect(commandOutcome(status('EXPIRED'))).toEqual({ kind: 'no-response' });
  });
});
