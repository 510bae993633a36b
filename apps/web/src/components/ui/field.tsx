import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small dimmed label over its value, as the line's panels list their facts. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}
