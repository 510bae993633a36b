import { expect, test } from '@playwright/test';
import type { DeviceLine } from '@linesight/contract';
import { signInAdminApi } from './support/admin-api';
import { answerOf } from './support/chart-answers';
import { accounts } from './support/e2e-settings';
import { useStaffSession } from './support/sign-in';

/**
 * A gateway that reports no per-host byte counters, no associated devices' signal and no channel
 * width (a TR-098 one, say; here over Bulk Data, which the store treats the same): the screens
 * say "Not reported" rather than zero bytes, an empty chart or a blank.
 */

const lineOfServiceCode = 'E2E-LOS-UNCOUNTED';
const laptop = '3c:22:fb:11:22:33';

/** One report at `at` (epoch seconds): a laptop on 5 GHz WiFi and a cabled TV, nothing counted. */
function uncountedReport(at: number): Record<string, unknown> {
  return {
    CollectionTime: at,
    // The model whose bandwidth warning qualifies its per-device counters: with none, none shows.
    'Device.DeviceInfo.ModelName': 'SR400',
    'Device.DeviceInfo.SerialNumber': 'CP1234UNCNT',
    'Device.DeviceInfo.X_LINESIGHT_ClientVersion': 'CWMP 1.0',
    'Device.DeviceInfo.UpTime': 86_400,
    'Device.BulkData.Profile.1.ReportingInterval': 300,
    'Device.WiFi.Radio.1.OperatingFrequencyBand': '5GHz',
    'Device.WiFi.Radio.1.Channel': 36,
    'Device.WiFi.Radio.1.PossibleChannels': '36,40,44,48',
    'Device.WiFi.Radio.1.OperatingStandards': 'a,n,ac',
    'Device.WiFi.SSID.1.SSID': 'Uncounted-5G',
    'Device.WiFi.SSID.1.LowerLayers': 'Device.WiFi.Radio.1.',
    'Device.WiFi.AccessPoint.1.SSIDReference': 'Device.WiFi.SSID.1.',
    'Device.WiFi.AccessPoint.1.AssociatedDevice.1.MACAddress': laptop,
    'Device.Hosts.Host.1.PhysAddress': laptop,
    'Device.Hosts.Host.1.HostName': 'ada-macbook',
    'Device.Hosts.Host.1.Active': true,
    'Device.Hosts.Host.1.Layer1Interface': 'Device.WiFi.SSID.1',
    'Device.Hosts.Host.2.PhysAddress': 'f0:18:98:aa:bb:cc',
    'Device.Hosts.Host.2.HostName': 'living-room-tv',
    'Device.Hosts.Host.2.Active': true,
    'Device.Hosts.Host.2.Layer1Interface': 'Device.Ethernet.Interface.2',
  };
}

test('says "Not reported" for what a gateway does not report: traffic, signal, channel width', async ({
  page,
  context,
  request,
}) => {
  const admin = await signInAdminApi(request);
  const { reportingUrl } = await admin.subscriberWithLine(
    'E2E-SUB-UNCOUNTED',
    'Una Uncounted',
    lineOfServiceCode,
  );
  const now = Math.floor(Date.now() / 1000);
  const posted = await request.post(reportingUrl, {
    data: { Report: [uncountedReport(now - 300), uncountedReport(now)] },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await useStaffSession(context, accounts.csr.email);

  await page.goto(`/summary/${lineOfServiceCode}`);
  await expect(page.locator(`[data-testid="device-card"][data-mac="${laptop}"]`)).toContainText(
    'WiFi signal: not reported',
  );

  const lineAnswer = answerOf(page, new RegExp(`/api/subscriberDevice/v1/${lineOfServiceCode}$`));
  await page.goto(`/bandwidth/${lineOfServiceCode}/detail/${laptop}`);
  await expect(page.getByRole('figure', { name: 'Bandwidth of ada-macbook' })).toHaveText(
    'Not reported: this gateway does not count the traffic of each device.',
  );
  expect(((await (await lineAnswer).json()) as DeviceLine).deviceType).toBe('SR400');
  await expect(page.getByRole('alert')).toBeHidden();
  const rows = page.getByTestId('device-rows');
  await expect(rows.getByRole('row', { name: /Data consumption/ })).toHaveText(
    /Data consumption\s*Not reported/,
  );
  await expect(page.getByRole('figure', { name: 'Signal strength of ada-macbook' })).toHaveText(
    'Not reported: this gateway does not report the signal strength of its WiFi devices.',
  );

  await page.goto(`/wifi/${lineOfServiceCode}/devices`);
  const radios = page.getByRole('table', { name: 'WiFi settings' });
  await expect(radios.getByRole('row', { name: /5GHz/ })).toContainText('Not reported');
});
