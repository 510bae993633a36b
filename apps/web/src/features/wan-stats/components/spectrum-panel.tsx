import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/charts/chart-format';
import type { ChartSeries, ChartXAxis } from '../../../components/charts/chart-types';
import { TimeChart } from '../../../components/charts/time-chart';
import { useChartColours } from '../../../components/charts/use-chart-colours';
import { useDocsisSpectrum } from '../api/get-docsis-spectrum';
import {
  firstSpectrumSeriesId,
  formatMhz,
  hzToMhz,
  spectrumBins,
  spectrumOptions,
  spectrumSeriesId,
  wanChartHeight,
} from '../wan-series';

/**
 * The cable modem's latest spectrum analysis (seed 001 section 2): one measured segment at a
 * time, chosen in a selector grouped Downstream / Upstream / Unknown, its bins drawn over
 * frequency in MHz with amplitudes in dBmV (decision 020), and when the modem measured it.
 */
export function SpectrumPanel({ losCode }: { losCode: string }) {
  const { t, i18n } = useTranslation();
  const colours = useChartColours();
  const spectrum = useDocsisSpectrum(losCode, true);
  const [chosen, setChosen] = useState<string | null>(null);
  const entries = useMemo(() => spectrum.data?.spectrumAnalysis ?? [], [spectrum.data]);
  // The choice holds across refreshes while the segment is still measured.
  const selected =
    entries.find((entry) => spectrumSeriesId(entry) === chosen) ??
    entries.find((entry) => spectrumSeriesId(entry) === firstSpectrumSeriesId(entries));

  const groups = useMemo(
    () =>
      spectrumOptions(entries).map(({ group, options }) => ({
        group: t(`WAN_STATS.SPECTRUM.GROUPS.${group}`),
        items: options.map((option) => {
          const frequency = formatMhz(i18n.language, hzToMhz(option.centreHz));
          return {
            value: option.seriesId,
            label:
              option.channelNumber === null
                ? `${frequency} MHz`
                : t('WAN_STATS.SPECTRUM.OPTION_CHANNEL', {
                    frequency,
                    channel: option.channelNumber,
                  }),
          };
        }),
      })),
    [entries, t, i18n.language],
  );
  const bins = useMemo(
    () => (selected ? spectrumBins(selected, entries) : { x: [], values: [] }),
    [selected, entries],
  );
  const xAxis = useMemo(
    (): ChartXAxis => ({
      kind: 'value',
      label: t('WAN_STATS.SPECTRUM.FREQUENCY'),
      format: (mhz) => formatMhz(i18n.language, mhz),
      unit: 'MHz',
    }),
    [t, i18n.language],
  );
  const series = useMemo(
    (): ChartSeries[] => [
      {
        key: 'amplitude',
        name: t('WAN_STATS.SPECTRUM.AMPLITUDE'),
        colour: colours.primary,
        unit: 'dBmV',
        values: bins.values,
      },
    ],
    [bins, colours.primary, t],
  );

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('WAN_STATS.SPECTRUM.TITLE')}
        </Title>
        {spectrum.data === null ? (
          <Text c="dimmed" role="status">
            {t('WAN_STATS.SPECTRUM.NONE')}
          </Text>
        ) : (
          <>
            <Group justify="space-between" align="flex-end">
              <Select
                label={t('WAN_STATS.SPECTRUM.FREQUENCY')}
                data={groups}
                value={selected ? spectrumSeriesId(selected) : null}
                onChange={setChosen}
                allowDeselect={false}
                searchable
                w={280}
                disabled={entries.length === 0}
              />
              {spectrum.data && (
                <Text size="sm" c="dimmed" data-testid="spectrum-reported">
                  {t('WAN_STATS.REPORTED_AT', {
                    time: formatDateTime(i18n.language, spectrum.data.timestamp),
                  })}
                </Text>
              )}
            </Group>
            <TimeChart
              label={t('WAN_STATS.SPECTRUM.CHART')}
              height={wanChartHeight}
              x={bins.x}
              xAxis={xAxis}
              series={series}
              isLoading={spectrum.isPending}
              isError={spectrum.isError && !spectrum.data}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
