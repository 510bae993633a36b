import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TitleKey } from '../../lib/screen-titles';

/** Stands in for a screen that a later release builds; only such screens use it. */
export function ComingSoonPage({ titleKey }: { titleKey: TitleKey }) {
  const { t } = useTranslation();
  return (
    <Container py="xl">
      <Title order={1} size="h2">
        {t(titleKey)}
      </Title>
      <Text mt="md" c="dimmed" data-testid="coming-soon">
        {t('COMING_SOON.TEXT')}
      </Text>
    </Container>
  );
}
