import type { LineOfServiceLocation } from '@linesight/contract';
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconEye, IconEyeOff, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapMarker } from '../../../components/map/world-map';
import { useMapSettings } from '../../../lib/map-settings';
import { localStorageKeys } from '../../../lib/storage';
import { errorMessage } from '../../../lib/translate-error';
import { useGatewayLocation } from '../api/get-location';
import { useLocationRefresh } from '../api/get-location-refresh';
import { usePutLocation } from '../api/put-location';
import { checkCoordinates } from '../location-form';

function formatNumber(value: number, language: string, maximumFractionDigits: number): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits }).format(value);
}

// Leaflet and the world outline load only when a map is shown.
const WorldMap = lazy(async () => ({
  default: (await import('../../../components/map/world-map')).WorldMap,
}));

function useMapShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(
    () => localStorage.getItem(localStorageKeys.hideMap) !== 'true',
  );
  return [
    shown,
    (next) => {
      if (next) localStorage.removeItem(localStorageKeys.hideMap);
      else localStorage.setItem(localStorageKeys.hideMap, 'true');
      setShown(next);
    },
  ];
}

function LocationForm({
  losCode,
  initial,
  onDone,
}: {
  losCode: string;
  initial: LineOfServiceLocation | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = usePutLocation(losCode);
  const [lat, setLat] = useState(initial ? String(initial.lat) : '');
  const [long, setLong] = useState(initial ? String(initial.long) : '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (): void => {
    const checked = checkCoordinates(lat, long);
    if (!checked.ok) {
      setProblem(t(checked.code));
      return;
    }
    setProblem(null);
    save.mutate({ lat: checked.lat, long: checked.long }, { onSuccess: onDone });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Group grow>
          <TextInput
            label={t('LOCATION.LATITUDE')}
            value={lat}
            onChange={(event) => setLat(event.currentTarget.value)}
          />
          <TextInput
            label={t('LOCATION.LONGITUDE')}
            value={long}
            onChange={(event) => setLong(event.currentTarget.value)}
          />
        </Group>
        {(problem ?? save.error) && (
          <Text size="sm" c="red" role="alert">
            {problem ?? errorMessage(t, save.error, 'LOCATION.SAVE_ERROR')}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={save.isPending}>
            {t('LOCATION.SAVE')}
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('LOCATION.CANCEL')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The gateway's location (seed 001 sections 2 and 4): the one it reported (source service) or a
 * user's (source user), with refresh, edit, delete and a map that may be hidden. A failed load or
 * refresh shows the default view.
 */
export function LocationPanel({ losCode }: { losCode: string }) {
  const { t, i18n } = useTranslation();
  const location = useGatewayLocation(losCode);
  const refresh = useLocationRefresh(losCode);
  const remove = usePutLocation(losCode);
  const mapSettings = useMapSettings();
  const [mapShown, setMapShown] = useMapShown();
  const [editing, setEditing] = useState(false);

  const failed = location.isError || refresh.isError;
  const shown = failed ? null : (location.data ?? null);
  const coordinates = shown
    ? `${formatNumber(shown.lat, i18n.language, 5)}, ${formatNumber(shown.long, i18n.language, 5)}`
    : null;
  const marker = useMemo<MapMarker[]>(
    () =>
      shown && coordinates
        ? [{ key: losCode, lat: shown.lat, long: shown.long, label: coordinates }]
        : [],
    [losCode, shown, coordinates],
  );

  return (
    <Card withBorder data-testid="location-panel">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {t('LOCATION.TITLE')}
        </Title>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={mapShown ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          onClick={() => setMapShown(!mapShown)}
        >
          {t(mapShown ? 'LOCATION.HIDE_MAP' : 'LOCATION.SHOW_MAP')}
        </Button>
      </Group>
      {location.isPending ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs">
          {failed && (
            <Alert color="red" p="xs">
              {errorMessage(t, location.error ?? refresh.error, 'LOCATION.LOAD_ERROR')}
            </Alert>
          )}
          {editing ? (
            <LocationForm losCode={losCode} initial={shown} onDone={() => setEditing(false)} />
          ) : (
            <>
              <Text size="sm" data-testid="location-coordinates">
                {coordinates ?? t('LOCATION.NONE')}
              </Text>
              {shown && (
                <Text size="xs" c="dimmed" data-testid="location-source">
                  {t(shown.source === 'user' ? 'LOCATION.SOURCE_USER' : 'LOCATION.SOURCE_SERVICE')}
                  {shown.accuracy !== null &&
                    ` · ${t('LOCATION.ACCURACY', { metres: formatNumber(shown.accuracy, i18n.language, 0) })}`}
                </Text>
              )}
              <Group gap="xs">
                {refresh.isPending && <Loader size="xs" aria-label={t('LOCATION.REFRESHING')} />}
                {shown?.source !== 'user' && !refresh.isPending && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => refresh.mutate()}
                  >
                    {t('LOCATION.REFRESH')}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(true)}
                >
                  {t('LOCATION.EDIT')}
                </Button>
                {shown?.source === 'user' && (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    loading={remove.isPending}
                    onClick={() => remove.mutate({})}
                  >
                    {t('LOCATION.DELETE')}
                  </Button>
                )}
              </Group>
            </>
          )}
          {mapShown && (
            <Suspense fallback={<Loader size="sm" />}>
              <WorldMap
                markers={marker}
                tileUrl={mapSettings.data?.tileUrl ?? null}
                label={t('LOCATION.TITLE')}
                permanentLabels
                testId="location-map"
              />
            </Suspense>
          )}
        </Stack>
      )}
    </Card>
  );
}
