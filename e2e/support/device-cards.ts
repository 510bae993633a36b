/**
 * A line's device cards on its summary screen and the details panel they open, as the device
 * specs (device-details.spec.ts, cwmp.spec.ts) drive them.
 */
import type { LanDevice, LocalNetworkResponse } from '@linesight/contract';
import { expect, type Page } from '@playwright/test';

/** Opens the line's summary and answers the devices the page drew. */
export async function openSummary(page: Page, losCode: string): Promise<LanDevice[]> {
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/localnetwork/v1/${losCode}`,
  );
  await page.goto(`/summary/${losCode}`);
  return ((await (await answer).json()) as LocalNetworkResponse).devices;
}

export const card = (page: Page, device: LanDevice) =>
  page.locator(`[data-testid="device-card"][data-mac="${device.macAddress}"]`);

/** Online WiFi devices of the line, so that parallel tests each take their own. */
export function onlineWifi(devices: readonly LanDevice[]): LanDevice[] {
  return devices.filter((device) => device.online && device.connectionType === 'WiFi');
}

export async function openDetails(page: Page, device: LanDevice): Promise<void> {
  await card(page, device).click();
  await expect(page).toHaveURL(new RegExp(`/detail/${encodeURIComponent(device.macAddress)}$`));
  await expect(page.getByTestId('device-details-name')).toBeVisible();
}
