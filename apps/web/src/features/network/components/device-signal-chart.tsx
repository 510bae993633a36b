export function DeviceSignalChart(_props: { losCode: string; macAddress: string }) {
  return null;
}
