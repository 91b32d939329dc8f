import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import '../styles.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import type { Order, WorkMode } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, DATE_LIST_FORMAT, isHoliday, ORDER_STATUS } from '@rhc/domain';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconArrowLeft, IconCalendarPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { generatePath, Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MonthCalendar } from '../../../components/calendar/month-calendar.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { NotFoundForDoctor } from '../components/not-found-for-doctor.tsx';
import { paths } from '../../../config/paths.ts';
import { useExamTypes } from '../../../hooks/use-catalog.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError, isNotFound } from '../../../lib/api-error.ts';
import { formatCalendarDay, todayInDisplayZone } from '../../../lib/dates.ts';
import { fieldErrorText, translateInputError, type FieldErrors } from '../../../lib/forms.ts';
import { failureText, useFormMutation } from '../../../lib/use-form-mutation.ts';
import { useForm } from '@mantine/form';
import { showError } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { bookForPatient, useDoctorFreeTime, useOrder } from '../api.ts';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The bookings a doctor's order may follow (decision 027; the server decides, this only explains a refusal ahead). */
const FOLLOWABLE: readonly number[] = [ORDER_STATUS.verified, ORDER_STATUS.done];

/** `{year, month}` of a YYYY-MM-DD day. */
function monthOf(day: string): { year: number; month: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

function shiftMonth({ year, month }: { year: number; month: number }, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The booking form, once the source booking is known to be this doctor's with this patient. */
function NewOrderForm({
  source,
  doctorId,
  mode,
  preselected,
}: {
  source: Order;
  doctorId: string;
  mode: WorkMode;
  preselected: string | null;
}) {
  const { t } = useTranslation(['clinical', 'orders']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = todayInDisplayZone();
  const start = preselected && preselected >= today ? preselected : today;
  const [shown, setShown] = useState(() => monthOf(start));
  // Named as the body's fields, so the server's problems land where they belong.
  const form = useForm({
    initialValues: {
      checkDay: start as string | null,
      checkHour: null as string | null,
      reasonForExamination: t('newOrder.reasonDefault'),
      note: '',
    },
    enhanceGetInputProps: translateInputError,
  });
  const { checkDay: day, checkHour: hour, reasonForExamination: reason, note } = form.values;
  const setHour = (value: string | null) => form.setFieldValue('checkHour', value);
  // One Idempotency-Key per distinct request: a retry of the same one is answered as the first time.
  const keys = useRef(new Map<string, string>());

  const examTypes = useExamTypes(mode);
  const [chosenType, setChosenType] = useState<string | null>(null);
  const types = examTypes.data ?? [];
  // A follow-up visit of this mode when the catalog has one, else the source booking's kind, else the first.
  const defaultType =
    types.find((type) => type.code.includes('follow_up')) ?? types.find((type) => type.id === source.examType?.id) ?? types[0];
  const examTypeId = chosenType ? Number(chosenType) : defaultType?.id;

  const freeTime = useDoctorFreeTime(examTypeId === undefined ? null : { doctorId, mode, examTypeId, ...shown });
  const freeDays = new Map((freeTime.data?.days ?? []).filter(({ slots }) => slots.length > 0).map(({ day: d, slots }) => [d, slots]));
  const holidays = freeTime.data?.holidays ?? [];
  const slots = day ? (freeDays.get(day) ?? []) : [];
  // A slot's clinic, by the id it names: its name and address as the hour's tooltip.
  const clinicTitles = new Map((freeTime.data?.clinics ?? []).map(({ id, name, address }) => [id, `${name} — ${address}`]));
  const followable = FOLLOWABLE.includes(source.status);

  const book = useFormMutation({
    mutationFn: () => {
      const body = {
        fromOrderId: source.id,
        mode,
        examTypeId,
        checkDay: day ?? '',
        checkHour: hour ?? '',
        reasonForExamination: reason,
        note,
      };
      const signature = JSON.stringify(body);
      let key = keys.current.get(signature);
      if (!key) {
        key = crypto.randomUUID();
        keys.current.set(signature, key);
      }
      return bookForPatient(doctorId, body, key);
    },
    form,
    onFailure: (failure, errors) => {
      // A time taken meanwhile: the free times are read again.
      if (failure instanceof ApiError && failure.code === 'SLOT_TAKEN') {
        setHour(null);
        void freeTime.refetch();
      }
      if (Object.keys(errors).length > 0) return undefined;
      showError(`${t('newOrder.failed')} ${failureText(failure)}`);
      return true;
    },
    success: t('newOrder.booked'),
    onSuccess: async (order) => {
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      void navigate(generatePath(paths.allOrders, { id: order.id }));
    },
  });

  const submit = () => {
    const missing: FieldErrors = {};
    if (!day) missing.checkDay = 'clinical:newOrder.pickDay';
    else if (!hour) missing.checkHour = 'validation.choose';
    if (!reason.trim()) missing.reasonForExamination = 'validation.required';
    form.setErrors(missing);
    if (Object.keys(missing).length === 0) book.mutate();
  };

  const modeName = mode === 'online' ? t('newOrder.modeOnline') : t('newOrder.modeDirect');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('newOrder.patient')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <LabelledValue label={t('patient.fullName')}>{source.infomation.fullName}</LabelledValue>
              <LabelledValue label={t('patient.dateOfBirth')}>
                {formatCalendarDay(source.infomation.dateOfBirth, DATE_LIST_FORMAT)}
              </LabelledValue>
              <LabelledValue label={t('patient.gender')}>{t(`patient.genders.${source.infomation.gender}`)}</LabelledValue>
              <LabelledValue label={t('patient.code')}>
                {t('newOrder.fromOrder', { code: source.code, day: formatCalendarDay(source.checkDay, DATE_LIST_FORMAT) })}
              </LabelledValue>
            </SimpleGrid>
          </Stack>
        </Paper>

        {!followable && (
          <Alert color="yellow" icon={<IconAlertTriangle size={20} aria-hidden="true" />}>
            {t('newOrder.notAllowed')}
          </Alert>
        )}

        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Text c="dimmed">{t('newOrder.intro')}</Text>
            {types.length > 1 && (
              <Select
                label={t('newOrder.examType')}
                data={types.map((type) => ({ value: String(type.id), label: type.name }))}
                value={examTypeId === undefined ? null : String(examTypeId)}
                onChange={(value) => {
                  setChosenType(value);
                  setHour(null);
                }}
                allowDeselect={false}
                maw={360}
              />
            )}
            <div>
              <Text fw={600} mb={4} id="new-order-day">
                {t('newOrder.day')}
              </Text>
              <MonthCalendar
                size="compact"
                year={shown.year}
                month={shown.month}
                onShiftMonth={(by) => setShown((current) => shiftMonth(current, by))}
                selected={day}
                today={today}
                onPickDay={(picked) => {
                  form.setValues({ checkDay: picked, checkHour: null });
                  form.clearFieldError('checkDay');
                  form.clearFieldError('checkHour');
                }}
                counts={new Map([...freeDays].filter(([d]) => d >= today).map(([d, list]) => [d, list.length]))}
                isDayOff={(d) => isHoliday(d, holidays)}
                // The count of free hours as the day's description: its name stays the number it shows (WCAG 2.5.3).
                dayTitle={(d) => {
                  const free = d >= today ? (freeDays.get(d)?.length ?? 0) : 0;
                  return free > 0 ? t('newOrder.freeCount', { count: free }) : '';
                }}
                fallback={
                  freeTime.error ? (
                    <ErrorState message={t('newOrder.freeLoadFailed')} onRetry={() => void freeTime.refetch()} />
                  ) : freeTime.isPending ? (
                    <LoadingState />
                  ) : undefined
                }
              />
              {form.errors.checkDay && (
                <Text c="red.8" size="sm" role="alert">
                  {fieldErrorText(form.errors.checkDay)}
                </Text>
              )}
            </div>
            <div role="group" aria-labelledby="new-order-hour">
              <Text fw={600} mb={4} id="new-order-hour">
                {day ? `${t('newOrder.hour')} — ${formatCalendarDay(day, DATE_INPUT_FORMAT)}` : t('newOrder.hour')}
              </Text>
              {!day ? (
                <Text c="dimmed">{t('newOrder.pickDay')}</Text>
              ) : slots.length === 0 ? (
                <Text c="dimmed">{freeTime.isPending ? '' : t('newOrder.noSlots')}</Text>
              ) : (
                <Group gap="xs">
                  {slots.map((slot) => (
                    <Button
                      key={slot.hour}
                      variant={slot.hour === hour ? 'filled' : 'default'}
                      aria-pressed={slot.hour === hour}
                      onClick={() => {
                        setHour(slot.hour);
                      }}
                      title={slot.clinicId === null ? undefined : clinicTitles.get(slot.clinicId)}
                    >
                      {slot.hour}
                    </Button>
                  ))}
                </Group>
              )}
              {form.errors.checkHour && (
                <Text c="red.8" size="sm" role="alert">
                  {fieldErrorText(form.errors.checkHour)}
                </Text>
              )}
            </div>
            <TextInput label={t('newOrder.reason')} {...form.getInputProps('reasonForExamination')} maxLength={500} required />
            <GrowingTextarea label={t('newOrder.note')} {...form.getInputProps('note')} minRows={2} maxLength={1000} />
          </Stack>
        </Paper>

        {day && hour && (
          <Text fw={600} role="status">
            {t('newOrder.summary', {
              mode: modeName,
              hour,
              day: formatCalendarDay(day, DATE_INPUT_FORMAT),
              name: source.infomation.fullName,
            })}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            component={Link}
            to={generatePath(paths.allOrders, { id: source.id })}
            variant="subtle"
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          >
            {t('newOrder.back')}
          </Button>
          <Button
            type="submit"
            loading={book.isPending}
            disabled={!followable}
            leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
          >
            {t('newOrder.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Spec §2 /healthcaredoctoredit/new/{patientId}/{doctorId} and /healthcaredoctoreditonline/new/…: the doctor books an
 * examination (kind 2, e.g. the re-examination) for a patient of one of their bookings, named by `?from=<orderId>`,
 * with `?day=YYYY-MM-DD` preselected. The server takes the patient from that booking; the path's ids are only checked.
 */
export function DoctorNewOrderPage({ mode }: { mode: WorkMode }) {
  const { t } = useTranslation('clinical');
  usePageTitle(mode === 'online' ? t('newOrder.onlinePageTitle') : t('newOrder.pageTitle'));
  const { patientId = '', doctorId = '' } = useParams();
  const [search] = useSearchParams();
  const from = search.get('from') ?? '';
  const day = search.get('day');
  const user = useAuthStore((state) => state.user);
  const source = useOrder(from);
  const order = source.data;
  const mismatch =
    !from ||
    !user ||
    user.userId !== doctorId ||
    (order !== undefined && (order.doctor?.id !== doctorId || (order.profileId ?? order.userId) !== patientId));

  if (mismatch || isNotFound(source.error))
    return <NotFoundForDoctor title={t('newOrder.notFoundTitle')} text={t('newOrder.notFoundText')} />;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{mode === 'online' ? t('newOrder.onlinePageTitle') : t('newOrder.pageTitle')}</Title>
        {order ? (
          <NewOrderForm source={order} doctorId={doctorId} mode={mode} preselected={day && DAY_PATTERN.test(day) ? day : null} />
        ) : source.error ? (
          <ErrorState message={`${t('newOrder.loadFailed')} ${source.error.message}`} onRetry={() => void source.refetch()} />
        ) : (
          <LoadingState />
        )}
      </Stack>
    </Container>
  );
}
