import { Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMapSettings } from '../../../lib/map-settings';
import { href } from '../../../lib/routes';
import { errorMessage } from '../../../lib/translate-error';
import { useFleetMap } from '../api/get-fleet-map';
import { fleetMarkers } from '../fleet-map';

// Leaflet and the world outline load only with the demo dashboard's map.
const WorldMap = lazy(async () => ({
  default: (await import('../../../components/map/world-map')).WorldMap,
}));

const legend = [
  ['good', 'var(--mantine-color-green-6)'],
  ['fair', 'var(--mantine-color-yellow-5)'],
  ['poor', 'var(--mantine-color-red-6)'],
  ['unknown', 'var(--mantine-color-gray-5)'],
] as const;

/**
 * Demo mode: the fleet's located gateways on the map, coloured by overall score, with the
 * broadband alerts toggle showing only the gateways in alert (overall score under 2). A marker
 * opens its line's summary, as a row of the QoE or uptime report does.
 */
export function FleetHeatMap({ height }: { height: number }) {
  const { t, i18n } = useTranslation();
  const fleet = useFleetMap();
  const mapSettings = useMapSettings();
  const [alertsOnly, setAlertsOnly] = useState(false);
  const navigate = useNavigate();
  // Stable, so the map does not redraw its markers (and lose the user's zoom) on every render.
  const openLine = useCallback(
    (lineOfServiceCode: string) =>
      void navigate(href('base.summary', { losCode: lineOfServiceCode })),
    [navigate],
  );
  const number = useMemo(
    () => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }),
    [i18n.language],
  );
  const markers = useMemo(
    () =>
      fleet.data
        ? fleetMarkers(fleet.data, alertsOnly, (gateway) =>
            gateway.overallScore < 0
              ? t('DASHBOARD.MAP.MARKER_NO_SCORE', { line: gateway.lineOfServiceCode })
              : t('DASHBOARD.MAP.MARKER', {
                  line: gateway.lineOfServiceCode,
                  score: number.format(gateway.overallScore),
                }),
          )
        : [],
    [fleet.data, alertsOnly, t, number],
  );
  const total = fleet.data?.gateways.length ?? 0;

  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="fleet-heat-map">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {t('DASHBOARD.MAP.TITLE')}
          </Title>
          <Switch
            label={t('DASHBOARD.MAP.ALERTS_ONLY')}
            checked={alertsOnly}
            onChange={(event) => setAlertsOnly(event.currentTarget.checked)}
          />
        </Group>
        {fleet.isPending ? (
          <Loader size="sm" aria-label={t('TABLE.LOADING')} />
        ) : fleet.isError ? (
          <Text c="red" size="sm" role="alert">
            {errorMessage(t, fleet.error, 'DASHBOARD.LOAD_ERROR')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="fleet-map-count">
              {total === 0
                ? t('DASHBOARD.MAP.NONE')
                : t('DASHBOARD.MAP.COUNT', { shown: markers.length, total })}
            </Text>
            <Suspense fallback={<Loader size="sm" />}>
              <WorldMap
                markers={markers}
                tileUrl={mapSettings.data?.tileUrl ?? null}
                label={t('DASHBOARD.MAP.LABEL')}
                height={height}
                testId="fleet-map"
                onSelect={openLine}
              />
            </Suspense>
            <Group gap="md" aria-label={t('DASHBOARD.MAP.LEGEND_LABEL')} role="list">
              {legend.map(([tone, colour]) => (
                <Group key={tone} gap={6} role="listitem">
                  <span
                    aria-hidden
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      background: colour,
                      display: 'inline-block',
                    }}
                  />
                  <Text size="xs">{t(`DASHBOARD.MAP.LEGEND.${tone}`)}</Text>
                </Group>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
