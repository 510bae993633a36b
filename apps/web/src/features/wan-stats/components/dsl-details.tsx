import type { DslPerformance } from '@linesight/contract';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChartValue, formatDateTime } from '../../../components/charts/chart-format';
import { directions } from '../../../components/charts/chart-types';
import type { TranslationKey } from '../../../lib/translation-key';
import { type DslStats, kbpsToMbps } from '../wan-series';

/** A field of the details, named by its label key under WAN_STATS.FIELDS. */
type DslField =
  Extract<TranslationKey, `WAN_STATS.FIELDS.${string}`> extends `WAN_STATS.FIELDS.${infer Field}`
    ? Field
    : never;
/** A section's figures as shown: each field and its text. */
type Figures<Section> = (
  section: Section,
) => readonly (readonly [field: DslField, shown: string])[];

/**
 * The details tab of a DSL line (seed 001 section 3): for each `Device.DSL.Line.{i}`, its status,
 * then its stats, G.INP counters and errors, each split downstream / upstream. A section (or
 * direction) the gateway did not report says so (`noData`), rather than a table of dashes.
 */
export function DslDetails({ stats }: { stats: DslStats }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="wan-stats-reported">
        {t('WAN_STATS.REPORTED_AT', { time: formatDateTime(i18n.language, stats.timestamp) })}
      </Text>
      {stats.dslPerformance.map((line) => (
        <LineDetails key={line.line} line={line} />
      ))}
    </Stack>
  );
}

function LineDetails({ line }: { line: DslPerformance }) {
  const { t, i18n } = useTranslation();
  const number = (value: number | null): string => formatChartValue(i18n.language, value);
  const withUnit =
    (unit: string, scale: (value: number) => number = (value) => value) =>
    (value: number | null): string =>
      value === null ? '–' : `${number(scale(value))} ${unit}`;
  const yesNo = (value: boolean | null): string =>
    value === null ? '–' : t(value ? 'WAN_STATS.YES' : 'WAN_STATS.NO');
  const text = (value: string | null): string => value ?? '–';
  const mbps = withUnit(t('CHART.MBPS'), kbpsToMbps);

  return (
    <Paper withBorder p="md" radius="md" data-testid={`dsl-line-${line.line}`}>
      <Title order={2} size="h4" mb="sm">
        {t('WAN_STATS.LINE', { line: line.line })}
      </Title>
      <Stack gap="lg">
        <Section title={t('WAN_STATS.SECTIONS.STATUS')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FigureTable
              label={t('WAN_STATS.SECTIONS.STATUS')}
              section={line.status}
              figures={(status) => [
                ['status', text(status.status)],
                ['standard', text(status.standard)],
                ['trafficType', text(status.trafficType)],
                ['linkPowerState', text(status.linkPowerState)],
                ['retrains', number(status.retrains)],
              ]}
            />
          </SimpleGrid>
        </Section>
        <DirectionSection
          title={t('WAN_STATS.SECTIONS.STATS')}
          sections={line.stats}
          figures={(direction) => [
            ['snr', withUnit('dB')(direction.snr)],
            ['attenuation', withUnit('dB')(direction.attenuation)],
            ['power', withUnit('dBm')(direction.power)],
            ['currentRate', mbps(direction.currentRate)],
            ['attainRate', mbps(direction.attainRate)],
            ['trellis', yesNo(direction.trellis)],
            ['phyr', yesNo(direction.phyr)],
            ['ginp', yesNo(direction.ginp)],
            ['retransmission', yesNo(direction.retransmission)],
          ]}
        />
        <DirectionSection
          title={t('WAN_STATS.SECTIONS.GINP')}
          sections={line.ginp}
          figures={(direction) => [
            ['rtxc', number(direction.rtxc)],
            ['rtxuc', number(direction.rtxuc)],
          ]}
        />
        <DirectionSection
          title={t('WAN_STATS.SECTIONS.ERRORS')}
          sections={line.errors}
          figures={(direction) => [
            ['frames', number(direction.frames)],
            ['frameErrors', number(direction.frameErrors)],
            ['bitErrors', number(direction.bitErrors)],
            ['hecErrors', number(direction.hecErrors)],
            ['erroredSecs', number(direction.erroredSecs)],
            ['ses', number(direction.ses)],
            ['rsCorr', number(direction.rsCorr)],
            ['rsUncorr', number(direction.rsUncorr)],
          ]}
        />
      </Stack>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function DirectionSection<Section extends { noData: boolean }>(props: {
  title: string;
  sections: Record<(typeof directions)[number], Section>;
  figures: Figures<Section>;
}) {
  const { t } = useTranslation();
  return (
    <Section title={props.title}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {directions.map((direction) => {
          const label = `${props.title} · ${t(`CHART.DIRECTIONS.${direction}`)}`;
          return (
            <div key={direction}>
              <Text size="sm" fw={500} mb={4}>
                {t(`CHART.DIRECTIONS.${direction}`)}
              </Text>
              <FigureTable
                label={label}
                section={props.sections[direction]}
                figures={props.figures}
              />
            </div>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}

/** A section's figures as a two-column table, or the no-data note when it was not reported. */
function FigureTable<Section extends { noData: boolean }>(props: {
  label: string;
  section: Section;
  figures: Figures<Section>;
}) {
  const { t } = useTranslation();
  if (props.section.noData)
    return (
      <Text size="sm" c="dimmed" aria-label={props.label}>
        {t('WAN_STATS.SECTION_NO_DATA')}
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm" aria-label={props.label}>
      <Table.Tbody>
        {props.figures(props.section).map(([field, shown]) => (
          <Table.Tr key={field}>
            <Table.Th scope="row" fw={400} c="dimmed" w="55%">
              {t(`WAN_STATS.FIELDS.${field}`)}
            </Table.Th>
            <Table.Td>{shown}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
