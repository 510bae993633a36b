import type { SpectrumAnalysisResponse, WanStatsResponse } from '@linesight/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatChartValue, formatDateTime } from '../apps/web/src/components/charts/chart-format';
import {
  type DocsisStats,
  type DslStats,
  formatMhz,
  hzToMhz,
  spectrumBins,
} from '../apps/web/src/features/wan-stats/wan-series';
import { answerOf, chartLabelled } from './support/chart-answers';
import { accounts } from './support/e2e-settings';
import { docsisLine, dslLine, fibreLine, neverReportedLine } from './support/fleet';
import { openAndSignIn, useStaffSession } from './support/sign-in';

/**
 * The WAN statistics screen against the answers the page drew: the fleet's DSL line and its
 * details, the DOCSIS line's channels and spectrum, a fibre line and a line that never reported.
 */

test.use({ timezoneId: 'UTC' });

const language = 'en-US';
const figure = (value: number | null | undefined, unit = ''): string =>
  value === null || value === undefined
    ? '–'
    : `${formatChartValue(language, value)}${unit ? ` ${unit}` : ''}`;

function wanStatsAnswer(page: Page, losCode: string): Promise<WanStatsResponse> {
  return answerOf(page, new RegExp(`^/api/wanStats/v1/span/${losCode}\\?`)).then(
    async (response) => (await response.json()) as WanStatsResponse,
  );
}

/** The legend's figure of a series, as `value unit`. */
function legendValue(chart: Locator, key: string): Locator {
  return chart.locator(`[data-series="${key}"]`).getByTestId('legend-value');
}

/** The last bucket where any of `series` has a figure: the one the legend shows. */
function lastIndexWithData(series: readonly (readonly (number | null)[])[]): number {
  const length = Math.max(...series.map((values) => values.length));
  for (let index = length - 1; index >= 0; index--)
    if (series.some((values) => values[index] !== null && values[index] !== undefined))
      return index;
  throw new Error('the line has no figures to draw');
}

const groupNames = { downstream: 'Downstream', upstream: 'Upstream', unknown: 'Unknown' } as const;

/** A row of a details table: its label cell and value cell. */
function detail(section: Locator, label: string): Locator {
  return section.getByRole('row', { name: label, exact: false }).getByRole('cell');
}

test.describe('WAN statistics', () => {
  test.beforeEach(async ({ context }) => {
    await useStaffSession(context, accounts.csr.email);
  });

  test('draws a DSL line’s quality and rates, marks its retrains, and lists its details as served', async ({
    page,
  }) => {
    const answer = wanStatsAnswer(page, dslLine.lineOfServiceCode);
    await page.goto(`/wan-stats/${dslLine.lineOfServiceCode}`);
    const stats = (await answer).gateway.wanStats as DslStats;
    expect(stats.kind).toBe('dsl');
    const [lineKey, line] = Object.entries(stats.timeseries.lines)[0] ?? [];
    if (!line || !lineKey) throw new Error('the DSL line reported no series');

    for (const direction of ['downstream', 'upstream'] as const) {
      const series = line[direction];
      if (direction === 'upstream')
        await chartLabelled(page, 'DSL line quality, downstream')
          .getByText('Upstream', { exact: true })
          .click();
      const quality = chartLabelled(page, `DSL line quality, ${direction}`);
      const at = lastIndexWithData([
        series.snr,
        series.attenuation,
        series.power,
        series.ginpRtxc,
        series.ginpRtxuc,
      ]);
      await expect(legendValue(quality, `snr:${lineKey}`)).toHaveText(figure(series.snr[at], 'dB'));
      // SNR shows at first; attenuation, power and G.INP wait for their toggle (decision 020).
      await expect(quality.getByRole('checkbox', { name: 'Show SNR' })).toBeChecked();
      for (const name of ['Attenuation', 'Power', 'G.INP corrected', 'G.INP uncorrected'])
        await expect(quality.getByRole('checkbox', { name: `Show ${name}` })).not.toBeChecked();
      await expect(legendValue(quality, `power:${lineKey}`)).toHaveText(
        figure(series.power[at], 'dBm'),
      );

      const rates = chartLabelled(page, `DSL line rate, ${direction}`);
      const rateAt = lastIndexWithData([series.currentRate, series.attainableRate]);
      const mbps = (kbps: number | null | undefined) =>
        figure(kbps === null || kbps === undefined ? null : kbps / 1000, 'Mbps');
      await expect(legendValue(rates, `currentRate:${lineKey}`)).toHaveText(
        mbps(series.currentRate[rateAt]),
      );
      await expect(legendValue(rates, `attainableRate:${lineKey}`)).toHaveText(
        mbps(series.attainableRate[rateAt]),
      );
      await expect(rates.getByRole('checkbox', { name: 'Show Attainable rate' })).toBeChecked();
    }
    const rates = chartLabelled(page, 'DSL line rate, upstream');
    await rates.getByRole('button', { name: 'Show data table' }).click();
    await expect(rates.getByTestId('chart-marker')).toHaveCount(
      stats.timeseries.dslRetrainTimes.length,
    );

    await page.getByRole('tab', { name: 'Details' }).click();
    const performance = stats.dslPerformance[0];
    if (!performance) throw new Error('the DSL line reported no details');
    const details = page.getByTestId(`dsl-line-${performance.line}`);
    await expect(
      details.getByRole('heading', { name: `DSL line ${performance.line}` }),
    ).toBeVisible();
    const status = details.getByRole('table', { name: 'Status', exact: true });
    await expect(detail(status, 'Status')).toHaveText(performance.status.status ?? '–');
    await expect(detail(status, 'Retrains')).toHaveText(figure(performance.status.retrains));
    for (const [direction, name] of [
      ['downstream', 'Downstream'],
      ['upstream', 'Upstream'],
    ] as const) {
      const figures = performance.stats[direction];
      const section = details.getByRole('table', { name: `Statistics · ${name}` });
      await expect(detail(section, 'SNR margin')).toHaveText(figure(figures.snr, 'dB'));
      await expect(detail(section, 'Attenuation')).toHaveText(figure(figures.attenuation, 'dB'));
      await expect(detail(section, 'Current rate')).toHaveText(
        figure(figures.currentRate === null ? null : figures.currentRate / 1000, 'Mbps'),
      );
      const ginp = performance.ginp[direction];
      const ginpSection = details.getByLabel(`G.INP · ${name}`);
      if (ginp.noData) await expect(ginpSection).toHaveText('The gateway did not report this.');
      else
        await expect(detail(ginpSection, 'Retransmissions corrected')).toHaveText(
          figure(ginp.rtxc),
        );
      const errors = performance.errors[direction];
      const errorSection = details.getByLabel(`Errors · ${name}`);
      if (errors.noData) await expect(errorSection).toHaveText('The gateway did not report this.');
      else await expect(detail(errorSection, 'RS corrected')).toHaveText(figure(errors.rsCorr));
    }
  });

  test('lists a DOCSIS line’s channels and draws its spectrum, segment by segment', async ({
    page,
  }) => {
    const answer = wanStatsAnswer(page, docsisLine.lineOfServiceCode);
    const spectrumAnswer = answerOf(
      page,
      new RegExp(`^/api/docsisSpectrumAnalysis/v1/${docsisLine.lineOfServiceCode}$`),
    );
    await page.goto(`/wan-stats/${docsisLine.lineOfServiceCode}`);
    const stats = (await answer).gateway.wanStats as DocsisStats;
    expect(stats.kind).toBe('docsis');
    // The help link opens the DOCSIS page on a cable line.
    await expect(page.getByRole('link', { name: 'Help for this page' })).toHaveAttribute(
      'href',
      /\/gateway-wan-stats-docsis$/,
    );

    const snrChart = chartLabelled(page, 'SNR per downstream channel');
    await expect(snrChart.getByTestId('chart-legend').getByRole('listitem')).toHaveCount(
      stats.timeseries.channelSeries.dsSnrSeries.length,
    );
    await snrChart.getByText('Upstream', { exact: true }).click();
    await expect(
      chartLabelled(page, 'Symbol rate per upstream channel')
        .getByTestId('chart-legend')
        .getByRole('listitem'),
    ).toHaveCount(stats.timeseries.channelSeries.usSymbolRateSeries.length);

    const downstream = page.getByRole('table', { name: 'Downstream channels' });
    await expect(downstream.getByRole('row')).toHaveCount(stats.dsChannelStats.length + 1);
    for (const channel of stats.dsChannelStats.slice(0, 3)) {
      const cells = downstream.getByRole('row').nth(stats.dsChannelStats.indexOf(channel) + 1);
      await expect(cells.getByRole('cell')).toHaveText([
        String(channel.channelId ?? channel.channelNumber),
        formatMhz(language, channel.frequency === null ? null : hzToMhz(channel.frequency)),
        channel.modulation ?? '–',
        figure(channel.power),
        figure(channel.snr),
        figure(channel.totalCorrectableErrors),
        figure(channel.totalUncorrectableErrors),
      ]);
    }
    const upstream = page.getByRole('table', { name: 'Upstream channels' });
    await expect(upstream.getByRole('row')).toHaveCount(stats.usChannelStats.length + 1);
    const firstUpstream = stats.usChannelStats[0];
    if (firstUpstream)
      await expect(upstream.getByRole('row').nth(1).getByRole('cell')).toHaveText([
        String(firstUpstream.channelId ?? firstUpstream.channelNumber),
        formatMhz(
          language,
          firstUpstream.frequency === null ? null : hzToMhz(firstUpstream.frequency),
        ),
        firstUpstream.modulation ?? '–',
        figure(firstUpstream.power),
        figure(firstUpstream.symbolRate === null ? null : firstUpstream.symbolRate / 1000),
      ]);

    const spectrum = (await (await spectrumAnswer).json()) as SpectrumAnalysisResponse;
    await expect(page.getByTestId('spectrum-reported')).toHaveText(
      `Reported ${formatDateTime(language, spectrum.timestamp, 'UTC')}`,
    );
    const selector = page.getByRole('combobox', { name: 'Frequency' });
    await selector.click();
    const listbox = page.getByRole('listbox', { name: 'Frequency' });
    const groups = (['downstream', 'upstream', 'unknown'] as const).filter((group) =>
      spectrum.spectrumAnalysis.some((entry) => entry.downstreamOrUpstream === group),
    );
    await expect(listbox.getByRole('group')).toHaveCount(groups.length);
    for (const group of groups)
      await expect(listbox.getByRole('group', { name: groupNames[group] })).toBeVisible();
    // Choose an upstream segment (else whatever is last) and read its bins back from the chart.
    const chosen =
      spectrum.spectrumAnalysis.find((entry) => entry.downstreamOrUpstream === 'upstream') ??
      spectrum.spectrumAnalysis.at(-1);
    if (!chosen) throw new Error('the modem reported no spectrum');
    const centre = formatMhz(language, hzToMhz(chosen.segmentCenterFrequency));
    const label =
      chosen.channelNumber === null
        ? `${centre} MHz`
        : `${centre} MHz · channel ${chosen.channelNumber}`;
    await listbox
      .getByRole('group', { name: groupNames[chosen.downstreamOrUpstream] })
      .getByRole('option', { name: label, exact: true })
      .click();
    await expect(selector).toHaveValue(label);

    const spectrumChart = chartLabelled(page, 'Spectrum amplitude over frequency');
    await spectrumChart.getByRole('button', { name: 'Show data table' }).click();
    const bins = spectrumBins(chosen, spectrum.spectrumAnalysis);
    const rows = spectrumChart.getByTestId('chart-data-table').getByRole('row');
    await expect(rows).toHaveCount(bins.x.length + 1);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([
      `${formatMhz(language, bins.x[0] ?? null)} MHz`,
      formatChartValue(language, bins.values[0]),
    ]);
  });

  test('says a fibre line is not supported and a line that never reported has no data', async ({
    page,
  }) => {
    const message = page.getByTestId('wan-stats-message');
    await page.goto(`/wan-stats/${fibreLine.lineOfServiceCode}`);
    await expect(message).toHaveText('Wan Statistics not supported by this device.');
    await page.goto(`/wan-stats/${neverReportedLine.lineOfServiceCode}`);
    await expect(message).toHaveText('This gateway has not reported WAN statistics yet.');
  });
});

test('WAN statistics in es and fr: the screen in the user’s language', async ({ page }) => {
  await openAndSignIn(page, accounts.csr.email);
  for (const [language, title, chart] of [
    ['es', 'Estadísticas WAN', 'Calidad de la línea DSL, descarga'],
    ['fr', 'Statistiques WAN', 'Qualité de la ligne DSL, descendant'],
  ] as const) {
    await page.evaluate((chosen) => localStorage.setItem('ls_language', chosen), language);
    await page.goto(`/wan-stats/${dslLine.lineOfServiceCode}`);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(chartLabelled(page, chart).getByTestId('chart-legend')).toBeVisible();
  }
});
