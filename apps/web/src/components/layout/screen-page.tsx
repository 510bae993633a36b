import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A line's screen as every one of them is laid out: its title, then its panels one under another.
 * `fluid` gives a wide report the whole window.
 */
export function ScreenPage(props: { title: string; children: ReactNode; fluid?: boolean }) {
  return (
    <Container size="xl" fluid={props.fluid} py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Container>
  );
}
