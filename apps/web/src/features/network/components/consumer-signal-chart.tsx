export function ConsumerSignalChart(_props: { losCode: string }) {
  return null;
}
