import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The top of a page: its h1, and under it, dimmed, the sentence that says what the page is for (left out where a page
 * has none). The server's first frame (decision 029) draws the same.
 */
export function PageHeading({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      {intro !== undefined && <Text c="dimmed">{intro}</Text>}
    </Stack>
  );
}
