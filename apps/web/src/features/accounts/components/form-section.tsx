import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of fields inside an account form. */
export function FormSection({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h4" mb={text ? 2 : 'sm'}>
        {title}
      </Title>
      {text && (
        <Text size="sm" c="dimmed" mb="sm">
          {text}
        </Text>
      )}
      {children}
    </section>
  );
}
