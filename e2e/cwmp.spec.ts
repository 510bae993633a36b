import type { CommandStatus } from '@linesight/contract';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { accounts } from './support/e2e-settings';
import { cwmp098Line, cwmp181Line, type CwmpLine, fleetReportingSeconds } from './support/fleet';
import { card, onlineWifi, openDetails, openSummary } from './support/device-cards';
import { useStaffSession } from './support/sign-in';

/**
 * The fleet's TR-069 gateways (a TR-181 and a TR-098 one, speaking CWMP to the ACS only) on the
 * screens a Bulk Data gateway shows: their devices, a channel change and a block carried by a
 * connection request and a session, and a command the gateway refuses with a CWMP fault.
 */

const reported = { timeout: fleetReportingSeconds * 4 * 1000 };

const surveyPath = (losCode: string) => `/api/wifiSpectrumAnalyzer/v1/${losCode}`;

function isSurvey(response: Response, losCode: string): boolean {
  return response.status() === 200 && new URL(response.url()).pathname === surveyPath(losCode);
}

const ownRows = (page: Page): Locator =>
  page.getByRole('row').filter({ has: page.getByTestId('own-network') });

test.describe('TR-069 gateways', () => {
  test.beforeEach(async ({ context }) => {
    await useStaffSession(context, accounts.admin.email);
  });

  for (const line of [cwmp181Line, cwmp098Line] as CwmpLine[]) {
    test(`the ${line.dataModel} gateway's home network lists the devices it reported`, async ({
      page,
    }) => {
      const devices = await openSummary(page, line.lineOfServiceCode);
      expect(devices.length).toBeGreaterThan(0);
      const known = new Set(line.hosts.map((host) => host.macAddress));
      for (const device of devices) {
        expect(known.has(device.macAddress)).toBe(true);
        await expect(card(page, device)).toBeVisible();
      }
    });
  }

  test('the TR-181 gateway moves its 5 GHz radio from the site survey; the screen shows the new channel', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const losCode = cwmp181Line.lineOfServiceCode;
    // The survey is the ACS's NeighboringWiFiDiagnostic: it may take a session or two to arrive.
    await expect(async () => {
      const answer = page.waitForResponse((response) => isSurvey(response, losCode));
      await page.goto(`/site-survey/${losCode}`);
      await answer;
      await page.getByText('5 GHz', { exact: true }).click();
      await expect(ownRows(page).first()).toBeVisible({ timeout: 2000 });
    }).toPass(reported);

    await ownRows(page).first().getByRole('button', { name: 'Change channel' }).click();
    const form = page.getByTestId('channel-form');
    await form.getByRole('combobox', { name: 'Channel', exact: true }).click();
    await page
      .getByRole('option')
      .and(page.locator(':not([data-combobox-disabled]):not([data-combobox-selected])'))
      .filter({ hasNotText: 'Auto' })
      .first()
      .click();
    const sent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && request.url().includes('/api/deviceActionRequest/'),
    );
    // The ACK, as the page polled it: the session that carries the change also asks for a new
    // survey, whose report (with the new channel) may close the form a moment after.
    const acknowledged = page.waitForResponse(
      async (response) =>
        response.url().includes('/api/deviceActionStatus/') &&
        ((await response.json()) as CommandStatus).state === 'ACK',
      { timeout: 30_000 },
    );
    await form.getByRole('button', { name: 'Save' }).click();
    const command = (await sent).postDataJSON() as {
      action: string;
      parameters: { channel: number };
    };

    await acknowledged;
    await expect(page.getByTestId('current-channel')).toContainText(
      `channel ${command.parameters.channel} (`,
      reported,
    );
  });

  test('the TR-098 gateway blocks a device from the device list; the card shows it blocked', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const losCode = cwmp098Line.lineOfServiceCode;
    const devices = await openSummary(page, losCode);
    const device = onlineWifi(devices).find((candidate) => !candidate.blocked);
    if (!device) throw new Error('the TR-098 line has an online WiFi device');
    await openDetails(page, device);
    const toggle = page.getByRole('switch', { name: 'Block this device' });
    await expect(toggle).toBeEnabled();

    await toggle.click({ force: true });

    await expect(page.getByTestId('action-result')).toContainText('Command successful.', {
      timeout: 30_000,
    });
    await expect(async () => {
      await openSummary(page, losCode);
      await expect(card(page, device).getByRole('img', { name: 'Blocked' })).toHaveCount(1, {
        timeout: 2000,
      });
    }).toPass(reported);
  });

  test("a block the TR-181 gateway refuses with a CWMP fault shows the fault's text", async ({
    page,
  }) => {
    const devices = await openSummary(page, cwmp181Line.lineOfServiceCode);
    const device = onlineWifi(devices)[0];
    if (!device) throw new Error('the TR-181 line has an online WiFi device');
    await openDetails(page, device);
    const answered = page.waitForResponse(
      async (response) =>
        response.url().includes('/api/deviceActionStatus/') &&
        ((await response.json()) as CommandStatus).state === 'NAK',
      { timeout: 30_000 },
    );

    await page.getByRole('switch', { name: 'Block this device' }).click({ force: true });

    const refusal = (await (await answered).json()) as CommandStatus;
    expect(refusal.value).toMatch(/9001/);
    await expect(page.getByTestId('action-result')).toHaveText(refusal.value ?? '');
  });
});
