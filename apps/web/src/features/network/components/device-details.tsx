export function DeviceDetails(_props: { losCode: string; macAddress: string }) {
  return null;
}
