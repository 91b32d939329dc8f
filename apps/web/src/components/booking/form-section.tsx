import { Paper, Stack, Title } from '@mantine/core';
import './styles.ts';
import type { ReactNode } from 'react';
import { fieldErrorText } from '../../lib/forms.ts';
import { i18n } from '../../lib/i18n.ts';
import { BOOKING_ERROR_PREFIX } from './patient-values.ts';

/** One part of a booking form (whom for, what, when, details): a titled card. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A booking form's error as the person reads it: the forms' own keys (`booking:…`), the contract's keys, or the server's text. */
export function bookingErrorText(error: unknown): string | undefined {
  if (typeof error === 'string' && error.startsWith(BOOKING_ERROR_PREFIX)) return i18n.t(error as never);
  return fieldErrorText(error);
}

/** After a refused submit: the first field in error in the page's order gets the focus (and so scrolls into view). */
export function focusFirstError(errors: Record<string, unknown>, event: { currentTarget: unknown } | undefined): void {
  const root = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : document;
  const fields = root.querySelectorAll<HTMLElement>('[data-path]');
  Array.from(fields)
    .find((field) => errors[field.dataset.path ?? ''])
    ?.focus();
}
