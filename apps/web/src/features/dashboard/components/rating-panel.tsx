import { ratingFactors } from '@linesight/contract';
import { Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/translate-error';
import { useExperienceRating } from '../api/get-experience-rating';
import { TrendIndicator } from './trend-icon';

/**
 * Demo mode: the fleet's experience rating factors (0–5) with their trends. A factor the store
 * has no source for (null) says so in words, rather than showing a zero.
 */
export function RatingPanel() {
  const { t, i18n } = useTranslation();
  const rating = useExperienceRating();
  const factors = rating.data?.factors ?? [];
  const number = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });

  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="rating-panel">
      <Title order={2} size="h4">
        {t('DASHBOARD.RATING.TITLE')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('DASHBOARD.RATING.SUBTITLE')}
      </Text>
      {rating.isPending ? (
        <Loader size="sm" aria-label={t('TABLE.LOADING')} />
      ) : rating.isError ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(t, rating.error, 'DASHBOARD.LOAD_ERROR')}
        </Text>
      ) : (
        <Stack gap="sm" role="list">
          {ratingFactors.map((name) => {
            const factor = factors.find((candidate) => candidate.title === name);
            const value = factor?.value ?? null;
            return (
              <Stack
                key={name}
                gap={4}
                role="listitem"
                data-testid="rating-factor"
                data-factor={name}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {t(`DASHBOARD.RATING.FACTORS.${name}`)}
                  </Text>
                  <Group gap="sm" wrap="nowrap">
                    {value === null ? (
                      <Text size="sm" c="dimmed" data-testid="rating-value">
                        {t('DASHBOARD.RATING.NOT_MEASURED')}
                      </Text>
                    ) : (
                      <>
                        <Text size="sm" fw={600} data-testid="rating-value">
                          {`${number.format(value)} / 5`}
                        </Text>
                        {factor && <TrendIndicator trend={factor.trendDirection} />}
                      </>
                    )}
                  </Group>
                </Group>
                <Progress
                  value={value === null ? 0 : (value / 5) * 100}
                  size="sm"
                  aria-hidden
                  color={value === null ? 'gray' : undefined}
                />
              </Stack>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
