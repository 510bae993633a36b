import type { DeviceCommand } from '@linesight/contract';
import { useEffect, useEffectEvent } from 'react';
import { type CommandOutcome, commandOutcome } from './command-outcome';
import { useDeviceActionStatus } from './get-device-action-status';
import { usePostDeviceAction } from './post-device-action';

/** How a command ended, or that the portal could not ask (the request or a status call failed). */
export type DeviceActionOutcome = CommandOutcome | { kind: 'error'; error: unknown };

export interface DeviceAction {
  /** The command last sent, kept until the next one: what a control shows while it waits. */
  sent: DeviceCommand | undefined;
  /** From the request until the gateway answers or the command expires. */
  pending: boolean;
  outcome: DeviceActionOutcome | null;
  send: (command: DeviceCommand) => void;
}

/**
 * Any command to the line's gateway through the command channel (seed 001 sections 4 and 8):
 * the request, then its status every 2 s until the gateway answers. `onSuccess` runs once per
 * command the gateway acknowledged, e.g. to read again what it changed.
 */
export function useDeviceAction(
  losCode: string,
  options: { onSuccess?: (command: DeviceCommand) => void } = {},
): DeviceAction {
  const request = usePostDeviceAction(losCode);
  const status = useDeviceActionStatus(losCode, request.data ?? null);

  const error = request.error ?? status.error;
  const outcome: DeviceActionOutcome | null = error
    ? { kind: 'error', error }
    : status.data
      ? commandOutcome(status.data)
      : null;
  const pending =
    request.isPending ||
    (request.isSuccess && !error && (outcome === null || outcome.kind === 'waiting'));

  const succeeded = outcome?.kind === 'success';
  const reportSuccess = useEffectEvent(() => {
    if (request.variables) options.onSuccess?.(request.variables);
  });
  useEffect(() => {
    if (succeeded) reportSuccess();
  }, [succeeded, request.data]);

  return {
    sent: request.variables,
    pending,
    outcome,
    send: (command) => request.mutate(command),
  };
}
