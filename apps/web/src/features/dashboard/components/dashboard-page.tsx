import {
  type DashboardWidget,
  dashboardChartHeight,
  dashboardWidgets,
  demoOnlyWidgets,
} from '@linesight/contract';
import { Grid, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenPage } from '../../../components/layout/screen-page';
import { useBrand } from '../../../lib/brand/brand-context';
import { FleetHeatMap } from './fleet-heat-map';
import { RatingPanel } from './rating-panel';
import { WidgetCard } from './widget-card';
import { WidgetChart } from './widget-chart';

/**
 * base.dashboard (staff only): the fleet's widgets, each with its newest figure and trend, and
 * one chart at a time, of the widget selected. Demo mode adds the broadband experience widget,
 * the experience rating factors and the fleet heat map, and draws the chart 310 px high instead
 * of 400 (seed 001 sections 2 and 9).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { demoMode } = useBrand();
  const widgets = dashboardWidgets.filter(
    (widget) => demoMode || !demoOnlyWidgets.includes(widget),
  );
  const [selected, setSelected] = useState<DashboardWidget>('connectedDevices');
  const height = demoMode ? dashboardChartHeight.demo : dashboardChartHeight.normal;

  return (
    <ScreenPage title={t('DASHBOARD.TITLE')}>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3, lg: widgets.length }}
        spacing="sm"
        role="group"
        aria-label={t('DASHBOARD.WIDGETS_LABEL')}
      >
        {widgets.map((widget) => (
          <WidgetCard
            key={widget}
            widget={widget}
            selected={widget === selected}
            onSelect={setSelected}
          />
        ))}
      </SimpleGrid>
      <WidgetChart widget={selected} height={height} />
      {demoMode && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <RatingPanel />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <FleetHeatMap height={dashboardChartHeight.demo} />
          </Grid.Col>
        </Grid>
      )}
    </ScreenPage>
  );
}
