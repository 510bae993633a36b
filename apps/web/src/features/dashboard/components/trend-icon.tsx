import type { TrendDirection } from '@linesight/contract';
import { Group, Text } from '@mantine/core';
import { IconArrowNarrowRight, IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const icons = {
  up: IconTrendingUp,
  down: IconTrendingDown,
  flat: IconArrowNarrowRight,
} as const;

/**
 * Which way a figure went since the window before, as an arrow and its word. Neutral in colour:
 * more connected devices are neither good nor bad news.
 */
export function TrendIndicator({ trend }: { trend: TrendDirection }) {
  const { t } = useTranslation();
  const Icon = icons[trend];
  return (
    <Group gap={4} wrap="nowrap" data-testid="trend" data-trend={trend}>
      <Icon size={18} aria-hidden />
      <Text size="xs" c="dimmed">
        {t(`DASHBOARD.TREND.${trend}`)}
      </Text>
    </Group>
  );
}
