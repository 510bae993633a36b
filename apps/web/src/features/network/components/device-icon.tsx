import type { ConnectionType, DeviceIcon as DeviceIconKind } from '@linesight/contract';
import {
  IconAccessPoint,
  IconAntennaBars1,
  IconAntennaBars2,
  IconAntennaBars3,
  IconAntennaBars4,
  IconAntennaBars5,
  IconBook,
  IconBrandFinder,
  IconCast,
  IconDeviceCctv,
  IconDeviceDesktop,
  IconDeviceGamepad2,
  IconDeviceImac,
  IconDeviceLaptop,
  IconDeviceMobile,
  IconDeviceRemote,
  IconDeviceSpeaker,
  IconDeviceTablet,
  IconDeviceTv,
  IconDeviceWatch,
  IconNetwork,
  IconPhone,
  IconPlugConnected,
  IconPrinter,
  IconQuestionMark,
  IconServer2,
  IconSmartHome,
  IconTemperature,
  IconUsb,
  IconWifi,
  type Icon,
} from '@tabler/icons-react';

/** One icon per kind of device (seed 001 section 3's 21 kinds). */
export const deviceIconComponents: Record<DeviceIconKind, Icon> = {
  tablet: IconDeviceTablet,
  smartphone: IconDeviceMobile,
  macbook: IconBrandFinder,
  imac: IconDeviceImac,
  laptop: IconDeviceLaptop,
  desktop: IconDeviceDesktop,
  'game-console': IconDeviceGamepad2,
  'smart-tv': IconDeviceTv,
  printer: IconPrinter,
  'streaming-player': IconCast,
  'smart-speaker': IconDeviceSpeaker,
  camera: IconDeviceCctv,
  thermostat: IconTemperature,
  smartwatch: IconDeviceWatch,
  'e-reader': IconBook,
  storage: IconServer2,
  'access-point': IconAccessPoint,
  phone: IconPhone,
  'smart-home': IconSmartHome,
  'set-top-box': IconDeviceRemote,
  'network-device': IconNetwork,
};

export function DeviceIcon({ kind, size = 28 }: { kind: DeviceIconKind; size?: number }) {
  const Component = deviceIconComponents[kind];
  return <Component size={size} stroke={1.5} aria-hidden />;
}

const connectionTypeIcons: Record<ConnectionType, Icon> = {
  WiFi: IconWifi,
  Ethernet: IconPlugConnected,
  USB: IconUsb,
  'Not reported': IconQuestionMark,
};

export function ConnectionTypeIcon({ type, label }: { type: ConnectionType; label: string }) {
  const Component = connectionTypeIcons[type];
  return <Component size={16} aria-label={label} role="img" />;
}

const barIcons = [
  IconAntennaBars1,
  IconAntennaBars2,
  IconAntennaBars3,
  IconAntennaBars4,
  IconAntennaBars5,
] as const;

/** 0 to 4 bars of WiFi signal (the first icon draws no bar lit). */
export function SignalBars({ bars, label }: { bars: number; label: string }) {
  const Component = barIcons[Math.max(0, Math.min(4, bars))] ?? IconAntennaBars1;
  return <Component size={16} aria-label={label} role="img" />;
}
