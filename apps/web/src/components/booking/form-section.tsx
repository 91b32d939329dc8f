import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import './styles.ts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { todayInDisplayZone } from '../../lib/dates.ts';
import { fieldErrorText, type FieldErrors } from '../../lib/forms.ts';
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

/** What every booking form is given, whatever it books (`Values` its values, `Draft` what it hands on). */
export type BookingFormBaseProps<Values, Draft> = {
  initialValues: Values;
  submitLabel: string;
  pending?: boolean;
  /** A failure of the submit the form shows above its button (the server's message). */
  failure?: string | null;
  /** The checked body as a draft, with the names of what was chosen. */
  onSubmit: (draft: Draft) => void;
  /** A slot taken by someone else just before (back from a 409): said above the times while no other hour is chosen. */
  takenSlot?: { day: string; hour: string } | null;
  /** Another way out beside the submit button (the edit page's "cancel changes"). */
  secondaryAction?: ReactNode;
  /**
   * Editing: the time the booking holds now. It is not free (the booking holds it), yet the person may keep it or come
   * back to it, with the same doctor.
   */
  heldTime?: { doctorId: string; day: string; hour: string } | null;
};

/** The end of a booking form: the submit's failure, then the way out and the submit button. */
export function FormFooter({
  failure,
  secondaryAction,
  submitLabel,
  pending,
}: Pick<BookingFormBaseProps<unknown, unknown>, 'failure' | 'secondaryAction' | 'submitLabel' | 'pending'>) {
  return (
    <>
      {failure && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {secondaryAction}
        <Button type="submit" size="md" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

/**
 * A booking form's Mantine form: every problem found at once by `errors` (today as in Vietnam), each said at its field in
 * the person's words.
 */
export function useBookingForm<Values extends Record<string, unknown>>(
  initialValues: Values,
  errors: (values: Values, today: string) => FieldErrors,
) {
  return useForm<Values>({
    initialValues,
    validate: (values) => errors(values, todayInDisplayZone()),
    enhanceGetInputProps: ({ inputProps }) => ({ error: bookingErrorText(inputProps.error) }),
  });
}
