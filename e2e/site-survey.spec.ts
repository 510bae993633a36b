import {
  cleanSsid,
  type CommandStatus,
  type DeviceCommand,
  type SiteSurveyEntry,
  type WifiSpectrumAnalyzer,
} from '@linesight/contract';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { holdCommandStatus } from './support/command-status';
import { accounts, commandExpireSeconds } from './support/e2e-settings';
import {
  busyLine,
  dslLine,
  fleetReportingSeconds,
  offlineLine,
  refusingLine,
} from './support/fleet';
import { useConsumerSession, useStaffSession } from './support/sign-in';

/**
 * The site survey on the fleet's lines: the chart and table against the survey the page
 * received, a channel change carried out by the simulated gateway and seen in its next survey,
 * a refusal and a silent gateway each with the seed's message, and the consumer's form.
 */

const surveyPath = (losCode: string) => `/api/wifiSpectrumAnalyzer/v1/${losCode}`;

function isSurvey(response: Response, losCode: string): boolean {
  return response.status() === 200 && new URL(response.url()).pathname === surveyPath(losCode);
}

/** Opens the line's site survey and answers the survey the page drew. */
async function openSurvey(page: Page, losCode: string): Promise<WifiSpectrumAnalyzer> {
  const answer = page.waitForResponse((response) => isSurvey(response, losCode));
  await page.goto(`/site-survey/${losCode}`);
  return (await (await answer).json()) as WifiSpectrumAnalyzer;
}

const ownRows = (page: Page): Locator =>
  page.getByRole('row').filter({ has: page.getByTestId('own-network') });

/** Opens the channel form on the first of the gateway's own rows of the band shown. */
async function openForm(page: Page): Promise<Locator> {
  await ownRows(page).first().getByRole('button', { name: 'Change channel' }).click();
  const form = page.getByTestId('channel-form');
  await expect(form).toBeVisible();
  return form;
}

/** Picks, in the form, the first channel the radio can take other than its own and Auto. */
async function chooseAnotherChannel(page: Page, form: Locator): Promise<void> {
  await form.getByRole('combobox', { name: 'Channel', exact: true }).click();
  const choices = page
    .getByRole('option')
    .and(page.locator(':not([data-combobox-disabled]):not([data-combobox-selected])'))
    .filter({ hasNotText: 'Auto' });
  await choices.first().click();
}

/** Saves the form and answers the command the page sent. */
async function save(page: Page, form: Locator): Promise<DeviceCommand> {
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/api/deviceActionRequest/'),
  );
  await form.getByRole('button', { name: 'Save' }).click();
  return (await sent).postDataJSON() as DeviceCommand;
}

function ownEntry(survey: WifiSpectrumAnalyzer, band: string): SiteSurveyEntry | undefined {
  return survey.siteSurvey.find((entry) => entry.client && entry.freqBand === band);
}

test('moves the 5 GHz radio from the form; the next survey shows it on the new channel', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await useStaffSession(context, accounts.admin.email);
  const survey = await openSurvey(page, busyLine.lineOfServiceCode);
  await expect(page.getByTestId('selected-line')).toContainText(busyLine.subscriberName);
  await page.getByText('5 GHz', { exact: true }).click();

  const neighbours = survey.siteSurvey.filter(
    (entry) => entry.freqBand === '5GHz' && !entry.client && entry.rssi !== null,
  );
  const legend = page.getByTestId('chart-legend').getByRole('listitem');
  await expect(legend).toHaveCount(neighbours.length);
  await expect(legend.first()).toContainText(cleanSsid(neighbours[0]?.ssid ?? null));
  const recommended = survey.recommendedChannel.find((entry) => entry.freqBand === '5GHz');
  if (!recommended) throw new Error('the busy line has a recommended 5 GHz channel');
  await expect(page.getByTestId('recommended-channel')).toHaveText(
    `Recommended channel: ${recommended.channel}`,
  );

  const form = await openForm(page);
  await expect(form.getByRole('combobox', { name: 'Channel bandwidth' })).toBeVisible();
  const recommend = form.getByRole('button', { name: 'Recommended' });
  const save_ = form.getByRole('button', { name: 'Save' });
  await expect(save_).toBeDisabled();
  // On a fleet that already moved (a repeated run), the radio is there: another channel then.
  if (await recommend.isEnabled()) {
    await recommend.click();
    await expect(recommend).toBeDisabled();
  } else {
    await chooseAnotherChannel(page, form);
  }

  const release = await holdCommandStatus(page);
  const command = await save(page, form);
  if (command.action !== 'changeChannel') throw new Error(`sent ${command.action}`);
  await expect(page.getByTestId('action-pending')).toHaveText(
    'Sending the command to the gateway…',
  );
  await expect(save_).toBeDisabled();
  const moved = page.waitForResponse(
    async (response) =>
      isSurvey(response, busyLine.lineOfServiceCode) &&
      ownEntry((await response.json()) as WifiSpectrumAnalyzer, '5GHz')?.channel ===
        command.parameters.channel,
    { timeout: fleetReportingSeconds * 4 * 1000 },
  );
  release();
  await expect(page.getByTestId('action-result')).toContainText('Command successful.', {
    timeout: 30_000,
  });

  await expect(page.getByTestId('current-channel')).toContainText(
    `channel ${command.parameters.channel} (`,
    { timeout: fleetReportingSeconds * 4 * 1000 },
  );
  const own = ownEntry((await (await moved).json()) as WifiSpectrumAnalyzer, '5GHz');
  await expect(ownRows(page).first().getByRole('cell').nth(3)).toHaveText(
    String(own?.centerChannel),
  );
});

test("a change the gateway refuses shows the gateway's own reason", async ({ page, context }) => {
  await useStaffSession(context, accounts.csr.email);
  await openSurvey(page, refusingLine.lineOfServiceCode);
  const form = await openForm(page);
  await chooseAnotherChannel(page, form);
  const answered = page.waitForResponse(
    async (response) =>
      response.url().includes('/api/deviceActionStatus/') &&
      ((await response.json()) as CommandStatus).state === 'NAK',
  );
  await save(page, form);
  const refusal = (await (await answered).json()) as CommandStatus;
  await expect(page.getByTestId('action-result')).toHaveText(refusal.value ?? '');
  await expect(page.getByRole('alert').filter({ hasText: refusal.value ?? '' })).toBeVisible();
});

test('a silent gateway: the command expires and the form says the device did not respond', async ({
  page,
  context,
}) => {
  test.setTimeout((commandExpireSeconds + 40) * 1000);
  await useStaffSession(context, accounts.admin.email);
  await openSurvey(page, offlineLine.lineOfServiceCode);
  const form = await openForm(page);
  await chooseAnotherChannel(page, form);
  await save(page, form);
  await expect(page.getByTestId('action-pending')).toBeVisible();
  await expect(page.getByTestId('action-result')).toHaveText('Device did not respond to command.', {
    timeout: (commandExpireSeconds + 15) * 1000,
  });
});

test('a consumer changes the channel only, without the selected-line panel', async ({
  page,
  context,
}) => {
  await useConsumerSession(context);
  await openSurvey(page, dslLine.lineOfServiceCode);
  await expect(page.getByRole('heading', { name: 'Site survey' })).toBeVisible();
  const form = await openForm(page);
  await expect(form.getByRole('combobox', { name: 'Channel', exact: true })).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Channel bandwidth' })).toHaveCount(0);
  await expect(form).toContainText('your provider can change the channel bandwidth');
  await expect(page.getByTestId('selected-line')).toHaveCount(0);
});
