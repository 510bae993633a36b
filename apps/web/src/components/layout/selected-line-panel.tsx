import type { DeviceLine } from '@linesight/contract';
import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/field';

/** Which line and subscriber staff are looking at (seed 001 section 2); consumers never see it. */
export function SelectedLinePanel({ line }: { line: DeviceLine }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="selected-line">
      <Title order={2} size="h5" mb="xs">
        {t('SUMMARY.SELECTED_LINE')}
      </Title>
      <Stack gap={4}>
        <Field label={t('SUMMARY.LINE_OF_SERVICE')}>{line.lineOfServiceCode}</Field>
        <Field label={t('SUMMARY.SUBSCRIBER')}>{line.subscriberName ?? '—'}</Field>
      </Stack>
    </Card>
  );
}
