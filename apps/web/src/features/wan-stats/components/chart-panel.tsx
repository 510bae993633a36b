import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A chart of the screen under its visible title, which is also the chart's accessible name. */
export function ChartPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
