import { qoeSliderRange } from '@linesight/contract';
import { Button, Group, NumberInput, Paper, RangeSlider, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/translation-key';
import {
  createFilterSearch,
  defaultQoeFilterDraft,
  type QoeBounds,
  type QoeFilterDraft,
  type QoeSliderFilter,
  qoeFilterDraft,
  qoeSliders,
  sameBounds,
} from '../report-filters';

const sliderNames: Record<QoeSliderFilter, TranslationKey> = {
  Overall: 'QOE_REPORT.FILTER_OVERALL',
  Wifi: 'QOE_REPORT.FILTER_WIFI',
  Cpu: 'QOE_REPORT.FILTER_CPU',
  FreeRam: 'QOE_REPORT.FILTER_FREE_RAM',
  PhysicalStatus: 'QOE_REPORT.FILTER_PHYSICAL_STATUS',
  AvgMaxUptime: 'QOE_REPORT.FILTER_AVG_MAX_UPTIME',
  UsedCpuPercent: 'QOE_REPORT.FILTER_USED_CPU_PERCENT',
  UsedRamPercent: 'QOE_REPORT.FILTER_USED_RAM_PERCENT',
};

/** A LAN device input's text as a bound: empty is no bound. */
function countOf(value: string | number): number | null {
  if (value === '') return null;
  const count = Number(value);
  return Number.isInteger(count) && count >= 0 ? count : null;
}

/**
 * The report's filters: a range slider per score and usage percent, and the LAN device count's
 * two inputs. The panel shows every move at once; the report follows 600 ms after the last one.
 */
export function FilterPanel(props: { bounds: QoeBounds; onSearch: (bounds: QoeBounds) => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [draft, setDraft] = useState<QoeFilterDraft>(() => qoeFilterDraft(props.bounds));
  // The report's bounds can change without the panel (its menu link opens it unfiltered).
  const [shownBounds, setShownBounds] = useState(props.bounds);
  if (!sameBounds(shownBounds, props.bounds)) {
    setShownBounds(props.bounds);
    setDraft(qoeFilterDraft(props.bounds));
  }

  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  // Made on the first change, in an event handler: it reads the latest props when it fires.
  const filterSearch = useRef<ReturnType<typeof createFilterSearch> | null>(null);
  useEffect(() => () => filterSearch.current?.cancel(), []);

  const change = (next: QoeFilterDraft): void => {
    setDraft(next);
    filterSearch.current ??= createFilterSearch(
      () => latest.current.bounds,
      (bounds) => latest.current.onSearch(bounds),
    );
    filterSearch.current.change(next);
  };
  const format = (value: number, decimals: number): string =>
    new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(value);

  const { min: lanMin, max: lanMax } = draft.lanHostCount;
  const lanRangeInverted = lanMin !== null && lanMax !== null && lanMin > lanMax;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {t('QOE_REPORT.FILTERS')}
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => change(defaultQoeFilterDraft())}
          >
            {t('QOE_REPORT.RESET_FILTERS')}
          </Button>
        </Group>
        {qoeSliders.map(({ filter, range }) => {
          const { min, max, step } = qoeSliderRange[range];
          const decimals = step < 1 ? 1 : 0;
          const name = t(sliderNames[filter]);
          const [from, to] = draft.sliders[filter];
          return (
            <div key={filter}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} id={`${headingId}-${filter}`}>
                  {name}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {format(from, decimals)} – {format(to, decimals)}
                </Text>
              </Group>
              <RangeSlider
                aria-labelledby={`${headingId}-${filter}`}
                min={min}
                max={max}
                step={step}
                precision={decimals}
                minRange={0}
                value={[from, to]}
                label={(value) => format(value, decimals)}
                thumbFromLabel={t('QOE_REPORT.FILTER_FROM', { name })}
                thumbToLabel={t('QOE_REPORT.FILTER_TO', { name })}
                onChange={(value) =>
                  change({ ...draft, sliders: { ...draft.sliders, [filter]: value } })
                }
              />
            </div>
          );
        })}
        <div>
          <Text size="sm" fw={500} id={`${headingId}-lan`}>
            {t('QOE_REPORT.FILTER_LAN_HOST_COUNT')}
          </Text>
          <Group grow gap="xs" align="flex-start" role="group" aria-labelledby={`${headingId}-lan`}>
            {(['min', 'max'] as const).map((end) => (
              <NumberInput
                key={end}
                size="xs"
                label={t(end === 'min' ? 'QOE_REPORT.MINIMUM' : 'QOE_REPORT.MAXIMUM')}
                aria-label={t(end === 'min' ? 'QOE_REPORT.LAN_MINIMUM' : 'QOE_REPORT.LAN_MAXIMUM')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={draft.lanHostCount[end] ?? ''}
                // The server refuses the pair (QOE.INVALID_FILTER); this says which input to fix.
                error={
                  end === 'max' && lanRangeInverted ? t('QOE_REPORT.LAN_MIN_ABOVE_MAX') : undefined
                }
                onChange={(value) =>
                  change({
                    ...draft,
                    lanHostCount: { ...draft.lanHostCount, [end]: countOf(value) },
                  })
                }
              />
            ))}
          </Group>
        </div>
      </Stack>
    </Paper>
  );
}
