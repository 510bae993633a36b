import type { LanDevice } from '@linesight/contract';
import {
  type DeviceAction,
  useDeviceAction,
} from '../../../components/device-action/use-device-action';

export interface BlockAction {
  /** What the toggle shows: the state asked for while it waits or once the gateway obeyed. */
  blocked: boolean;
  /** The command underneath: pending, outcome. */
  action: DeviceAction;
  toggle: (blocked: boolean) => void;
}

/**
 * Block or unblock a device through the command channel (seed 001 section 4). On any failure
 * the toggle goes back to the device's reported state.
 */
export function useBlockAction(losCode: string, device: LanDevice): BlockAction {
  const action = useDeviceAction(losCode);
  const asked =
    action.sent?.action === 'block' ? true : action.sent?.action === 'unblock' ? false : null;
  const holdsAsked = asked !== null && (action.pending || action.outcome?.kind === 'success');

  return {
    blocked: holdsAsked ? asked : device.blocked,
    action,
    toggle: (blocked) =>
      action.send({
        action: blocked ? 'block' : 'unblock',
        parameters: { macAddress: device.macAddress },
      }),
  };
}
