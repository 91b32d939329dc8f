import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { memo, useDeferredValue } from 'react';
import '../styles.ts';
import { HolidayBodySchema, type Holiday } from '@rhc/contracts';
import { overlappingHoliday } from '@rhc/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { focusFirstError, schemaErrors, translateInputError, type FieldErrors } from '../../../lib/forms.ts';
import { affectedBy, createHoliday, deleteHoliday, useHolidays, refreshSchedule } from '../api.ts';
import { confirmOverBookings } from './affected-bookings.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';

type HolidayFormValues = { startDate: string | null; endDate: string | null };
const empty: HolidayFormValues = { startDate: null, endDate: null };

function validateHoliday(values: HolidayFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.startDate) errors.startDate = 'validation.required';
  if (!values.endDate) errors.endDate = 'validation.required';
  return Object.keys(errors).length > 0 ? errors : schemaErrors(HolidayBodySchema, values);
}

/**
 * Spec §3 "Doctor holiday": the doctor's days off (startDate to endDate), added and removed here. Memoized, as the
 * work times beside it.
 */
export const HolidaysPanel = memo(function HolidaysPanel() {
  const { t } = useTranslation('schedules');
  const holidays = useHolidays(true);
  // The list drawn from the answer in a render React can pause (main-thread habits in docs/architecture.md).
  const list = useDeferredValue(holidays.data);
  const form = useForm<HolidayFormValues>({ initialValues: empty, validate: validateHoliday, enhanceGetInputProps: translateInputError });

  const add = useFormMutation({
    mutationFn: (body: { startDate: string; endDate: string; confirm?: string }) => createHoliday(body),
    form,
    onFailure: (error, errors, { startDate, endDate }) => {
      // Days off over bookings (decision 047): the doctor sees them and confirms; the same days are then sent with the token.
      const affected = affectedBy(error);
      if (affected) {
        confirmOverBookings(
          affected,
          { title: t('affected.title'), confirm: t('affected.confirm'), cancel: t('affected.cancel') },
          (confirm) => add.mutate({ startDate, endDate, confirm }),
        );
        return true;
      }
      if (error instanceof ApiError && error.code === 'HOLIDAY_OVERLAP') {
        // Days off added meanwhile (another tab, another device) that the list here did not show yet: it shows them now.
        errors.startDate ??= error.message;
        void holidays.refetch();
      }
    },
    success: t('holidays.added'),
    onSuccess: () => form.reset(),
    refresh: refreshSchedule,
  });

  const remove = useFormMutation({
    mutationFn: (id: string) => deleteHoliday(id),
    success: t('holidays.deleted'),
    refresh: refreshSchedule,
  });

  const rangeOf = (holiday: Holiday) =>
    t('holidays.range', { start: formatCalendarDay(holiday.startDate), end: formatCalendarDay(holiday.endDate) });

  const confirmDelete = (holiday: Holiday) =>
    openDeleteConfirm({
      title: t('holidays.deleteTitle'),
      message: t('holidays.deleteMessage', { range: rangeOf(holiday) }),
      confirm: t('holidays.deleteConfirm'),
      cancel: t('holidays.cancel'),
      onConfirm: () => remove.mutate(holiday.id),
    });

  const submit = form.onSubmit(
    ({ startDate, endDate }) => {
      if (!startDate || !endDate) return;
      // Days already off are one range to see and to remove: the form says which range before asking the server.
      const taken = overlappingHoliday({ startDate, endDate }, holidays.data ?? []);
      if (taken) {
        form.setFieldError('startDate', t('holidays.overlaps', { range: rangeOf(taken) }));
        focusFirstError(form, { startDate: true });
        return;
      }
      add.mutate({ startDate, endDate });
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('holidays.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('holidays.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <DayInput
            {...form.getInputProps('startDate')}
            label={<FieldLabel required>{t('holidays.startDate')}</FieldLabel>}
            required
            withAsterisk={false}
          />
          <DayInput
            {...form.getInputProps('endDate')}
            label={<FieldLabel required>{t('holidays.endDate')}</FieldLabel>}
            required
            withAsterisk={false}
            minDate={form.values.startDate ?? undefined}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} aria-hidden="true" />}>
            {t('holidays.add')}
          </Button>
        </Group>
      </form>

      {holidays.isError ? (
        <ErrorState message={`${t('holidays.loadFailed')} ${holidays.error.message}`} onRetry={() => void holidays.refetch()} />
      ) : !list ? (
        <LoadingState minHeight={60} size="sm" />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('holidays.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((holiday) => (
            <Paper key={holiday.id} component="li" withBorder radius="md" p="xs" px="sm">
              <Group justify="space-between" gap="sm">
                <Text fw={600}>{rangeOf(holiday)}</Text>
                <RowButton
                  icon={IconTrash}
                  tone="danger"
                  onClick={() => confirmDelete(holiday)}
                  loading={remove.isPending && remove.variables === holiday.id}
                  aria-label={t('holidays.deleteLabel', { range: rangeOf(holiday) })}
                >
                  {t('holidays.delete')}
                </RowButton>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
});
