import { type Gateway, isPoorWifi, type LanDevice, strongWifiBars } from '@linesight/contract';

/** The device filters of seed 001 section 4, in the order the filter lists them. */
export const deviceFilters = [
  'all',
  'online',
  'offline',
  'blocked',
  'strong-wifi',
  'weak-wifi',
  'high-bw',
  'low-bw',
] as const;
export type DeviceFilter = (typeof deviceFilters)[number];

/** How many devices the high-bw and low-bw filters keep. */
const throughputShare = 3;

/** The name a device shows: the user's alias, else the reported name, else its MAC. */
export function deviceDisplayName(
  device: Pick<LanDevice, 'alias' | 'name' | 'macAddress'>,
): string {
  return device.alias || device.name || device.macAddress;
}

/** Online first; within each group the order the server gave. */
export function onlineFirst(devices: readonly LanDevice[]): LanDevice[] {
  return [
    ...devices.filter((device) => device.online),
    ...devices.filter((device) => !device.online),
  ];
}

function byRank(devices: readonly LanDevice[]): LanDevice[] {
  return devices
    .filter((device) => device.throughputRank !== null)
    .sort((a, b) => (a.throughputRank ?? 0) - (b.throughputRank ?? 0));
}

/** The devices a filter keeps, online first (high-bw: the 3 best ranks; low-bw: the 3 worst). */
export function filterDevices(devices: readonly LanDevice[], filter: DeviceFilter): LanDevice[] {
  const onWifi = (device: LanDevice): boolean =>
    device.connectionType === 'WiFi' && device.wifiSignal !== null;
  switch (filter) {
    case 'all':
      return onlineFirst(devices);
    case 'online':
      return devices.filter((device) => device.online);
    case 'offline':
      return devices.filter((device) => !device.online);
    case 'blocked':
      return onlineFirst(devices.filter((device) => device.blocked));
    case 'strong-wifi':
      return onlineFirst(
        devices.filter((device) => onWifi(device) && (device.wifiSignal ?? 0) >= strongWifiBars),
      );
    case 'weak-wifi':
      return onlineFirst(
        devices.filter((device) => onWifi(device) && (device.wifiSignal ?? 0) < strongWifiBars),
      );
    case 'high-bw':
      return onlineFirst(byRank(devices).slice(0, throughputShare));
    case 'low-bw':
      return onlineFirst(byRank(devices).slice(-throughputShare));
  }
}

/** The slower of the device's two WiFi link rates in Mbps, or null when none is reported. */
function slowestRateMbps(device: LanDevice): number | null {
  const rates = [device.wifiTxRate, device.wifiRxRate].flatMap((rate) =>
    rate ? [rate.value] : [],
  );
  return rates.length === 0 ? null : Math.min(...rates);
}

/** The card's poor-WiFi alert: an online WiFi device under 2 bars or 10 Mbps. */
export function hasPoorWifi(device: LanDevice): boolean {
  if (!device.online || device.connectionType !== 'WiFi') return false;
  return isPoorWifi(device.wifiSignal, slowestRateMbps(device));
}

/** Online devices by how they connect (the network status panel's counts). */
export interface DeviceCounts {
  wifi: number;
  ethernet: number;
  usb: number;
  total: number;
}

export function onlineDeviceCounts(devices: readonly LanDevice[]): DeviceCounts {
  const online = devices.filter((device) => device.online);
  const count = (type: LanDevice['connectionType']): number =>
    online.filter((device) => device.connectionType === type).length;
  return {
    wifi: count('WiFi'),
    ethernet: count('Ethernet'),
    usb: count('USB'),
    total: online.length,
  };
}

/**
 * The connection diagram (seed 001 section 4): the WAN is up as the gateway last said, unless
 * the gateway is offline; the LAN is up when any WiFi, ethernet or USB device is online.
 */
export function connectionState(
  gateway: Pick<Gateway, 'online' | 'wanConnected'> | null,
  devices: readonly LanDevice[],
): { wanConnected: boolean; lanConnected: boolean } {
  const counts = onlineDeviceCounts(devices);
  return {
    wanConnected: gateway !== null && gateway.online && gateway.wanConnected,
    lanConnected: counts.wifi + counts.ethernet + counts.usb > 0,
  };
}

/**
 * Whether an online WiFi device's signal is missing from what its gateway reported: an offline
 * device, or one on a cable, has no signal to report.
 */
export const signalNotReported = (
  device: Pick<LanDevice, 'online' | 'connectionType' | 'wifiSignal'>,
): boolean => device.online && device.connectionType === 'WiFi' && device.wifiSignal === null;
