import type { Timespan } from '@linesight/contract';
import { Center, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useWanStats } from '../api/get-wan-stats';
import { wanChartHeight } from '../wan-series';
import { DocsisStatistics } from './docsis-statistics';
import { DslStatistics } from './dsl-statistics';
import { ScreenPage } from '../../../components/layout/screen-page';

/**
 * base.gateway-wan-stats (staff only): the health of the line's access line over the five
 * timespans, refreshed every 300 s while the page is visible. The answer says what the line is
 * (seed 001 section 4): DSL, DOCSIS, another type (not supported), nothing reported yet (204),
 * or a failed call.
 */
export function WanStatsPage() {
  const { t } = useTranslation();
  const { losCode = '' } = useParams();
  const [timespan, setTimespan] = useState<Timespan>('day');
  const answer = useWanStats(losCode, timespan);
  const wanStats = answer.data?.gateway.wanStats;
  const timespanControl = { value: timespan, onChange: setTimespan };
  // Another timespan is loading: the charts wait for it, the latest figures stay.
  const chartsLoading = answer.isPlaceholderData;

  let content: ReactNode;
  if (answer.isPending) {
    content = (
      <Center h={wanChartHeight}>
        <Loader size="sm" aria-label={t('CHART.LOADING')} />
      </Center>
    );
  } else if (answer.isError && !answer.data) {
    content = message(t('HIGHCHARTS_LANG.MISC.ERROR_LOADING_DATA'), 'red');
  } else if (!answer.data) {
    content = message(t('WAN_STATS_NO_DATA'));
  } else if (!wanStats) {
    content = message(t('WAN_STATS_NOT_SUPPORTED'));
  } else if (wanStats.kind === 'dsl') {
    content = (
      <DslStatistics stats={wanStats} timespan={timespanControl} chartsLoading={chartsLoading} />
    );
  } else {
    content = (
      <DocsisStatistics
        losCode={losCode}
        stats={wanStats}
        timespan={timespanControl}
        chartsLoading={chartsLoading}
      />
    );
  }

  return <ScreenPage title={t('NAV.WAN_STATS')}>{content}</ScreenPage>;
}

function message(text: string, colour?: string): ReactNode {
  return (
    <Paper withBorder p="xl" radius="md">
      <Text ta="center" c={colour ?? 'dimmed'} role="status" data-testid="wan-stats-message">
        {text}
      </Text>
    </Paper>
  );
}
