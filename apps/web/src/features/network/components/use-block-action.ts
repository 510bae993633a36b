import type { LanDevice } from '@linesight/contract';
import { useState } from 'react';
import { useDeviceActionStatus } from '../api/get-device-action-status';
import { usePostDeviceAction } from '../api/post-device-action';
import { type CommandOutcome, commandOutcome } from '../device-action';

export interface BlockAction {
  /** What the toggle shows: the state asked for while it waits or once the gateway obeyed. */
  blocked: boolean;
  pending: boolean;
  outcome: CommandOutcome | { kind: 'error'; error: unknown } | null;
  toggle: (blocked: boolean) => void;
}

/**
 * Block or unblock a device through the command channel: the request, then its status every
 * 2 s until the gateway answers (seed 001 section 4). On any failure the toggle goes back to the
 * device's reported state.
 */
export function useBlockAction(losCode: string, device: LanDevice): BlockAction {
  const request = usePostDeviceAction(losCode);
  const [asked, setAsked] = useState<boolean | null>(null);
  const status = useDeviceActionStatus(losCode, request.data ?? null);

  const error = request.error ?? status.error;
  const outcome: BlockAction['outcome'] = error
    ? { kind: 'error', error }
    : status.data
      ? commandOutcome(status.data)
      : null;
  const pending =
    request.isPending ||
    (request.isSuccess && !error && (outcome === null || outcome.kind === 'waiting'));
  const holdsAsked = asked !== null && (pending || outcome?.kind === 'success');

  return {
    blocked: holdsAsked ? asked : device.blocked,
    pending,
    outcome,
    toggle: (blocked) => {
      setAsked(blocked);
      request.mutate({
        action: blocked ? 'block' : 'unblock',
        parameters: { macAddress: device.macAddress },
      });
    },
  };
}
