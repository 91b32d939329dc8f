import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import type { DoctorEdit, WorkMode } from '@rhc/contracts';
import { CLINICAL_LIMITS, completableFrom, DATE_INPUT_FORMAT, DATE_LIST_FORMAT, ORDER_STATUS, isActiveOrder } from '@rhc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconClock, IconLock } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { NotFoundForDoctor } from '../components/not-found-for-doctor.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError, isNotFound } from '../../../lib/api-error.ts';
import { formatCalendarDay, formatInstant } from '../../../lib/dates.ts';
import { focusFirstError, serverFieldErrors, translateInputError } from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { LicenceForm } from '../../../components/licence/licence-form.tsx';
import { completeBooking, refreshClinical, saveExamination, useDoctorEdit } from '../api.ts';
import { PrescriptionEditor } from '../components/prescription-editor.tsx';
import { PrescriptionView } from '../components/prescription-view.tsx';
import { ReExamBookingLink } from '../components/re-exam-booking-link.tsx';
import { emptyLine, examBodyOf, examErrors, formErrorsOf, type ExamFormValues } from '../exam-form.ts';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePendingUploads, type PendingUploadsRef } from '../../../lib/pending-uploads.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** The order's files, handed in by the route (the records feature's; features never import each other). */
export type OrderDocumentsSection = ComponentType<{
  orderId: string;
  canEdit: boolean;
  doctorId?: string;
  patientId?: string;
  /** Filled by the section with the files chosen and not yet sent: saving the examination sends them (issue 54 item 2). */
  pending?: PendingUploadsRef;
}>;
/** The order's document links, handed in by the route (the records feature's). */
export type DocumentLinksSection = ComponentType<{ orderId: string; canEdit: boolean }>;

/** What the route hands the page: the records feature's sections of an order. */
export interface DoctorEditSections {
  documents?: OrderDocumentsSection;
  documentLinks?: DocumentLinksSection;
}

const EXAM_FORM_ID = 'doctor-exam-form';

function EditContent({ data, doctorId, sections }: { data: DoctorEdit; doctorId: string; sections: DoctorEditSections }) {
  const { documents: Documents, documentLinks: DocumentLinks } = sections;
  const { t } = useTranslation('clinical');
  const queryClient = useQueryClient();
  const { order, clinical, writer } = data;
  const examination = clinical.examination;
  const current = clinical.prescriptions.find((prescription) => prescription.superseded === null);
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [completing, setCompleting] = useState(false);
  const supersedes = replacing ? current?.id : undefined;
  // Files chosen under "Add document" and not uploaded yet: saved with the result, or the save is held (issue 54 item 2).
  const pendingUploads = usePendingUploads();
  const [held, setHeld] = useState<string | null>(null);
  const form = useForm<ExamFormValues>({
    initialValues: {
      diagnostic: examination?.diagnostic ?? '',
      medicalHistory: examination?.medicalHistory ?? '',
      reExamDate: examination?.reExamDate ?? null,
      advice: examination?.advice ?? '',
      lines: [],
    },
    validate: (values) => examErrors(values, supersedes),
    enhanceGetInputProps: translateInputError,
  });

  const save = useMutation({
    mutationFn: async (values: ExamFormValues) => {
      setHeld(null);
      const waiting = pendingUploads.current?.count() ?? 0;
      if (waiting > 0 && !(await pendingUploads.current?.flush())) throw new Error(t('form.pendingFiles', { count: waiting }));
      return saveExamination(doctorId, order.id, examBodyOf(values, supersedes));
    },
    onSuccess: async () => {
      showSuccess(examination ? t('form.savedOnly') : t('form.saved'));
      form.setFieldValue('lines', []);
      setReplacing(false);
      setConfirming(false);
      await refreshClinical(queryClient);
    },
    onError: (failure) => {
      setConfirming(false);
      const fieldErrors = formErrorsOf(serverFieldErrors(failure));
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors(fieldErrors);
        focusFirstError(form, fieldErrors);
      } else if (failure instanceof ApiError) showError(failure.message);
      // The files were refused: the documents section says why, the save button what is waiting.
      else setHeld(failure.message);
    },
  });
  const complete = useMutation({
    mutationFn: () => completeBooking(doctorId, order.id),
    onSuccess: async () => {
      showSuccess(t('complete.done'));
      setCompleting(false);
      await refreshClinical(queryClient);
    },
    onError: (failure) => {
      setCompleting(false);
      showError(failure.message);
    },
  });

  const submit = form.onSubmit(
    (values) => {
      // A prescription is final once saved: the doctor confirms knowing it (spec §4).
      if (values.lines.length > 0) setConfirming(true);
      else save.mutate(values);
    },
    (errors) => focusFirstError(form, errors),
  );
  const lines = form.getValues().lines;
  const editing = writer.canWrite && (!current || replacing);
  const patient = order.infomation;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>
          {order.mode === 'online' ? t('edit.onlinePageTitle') : t('edit.pageTitle')} {order.code}
        </Title>
        <OrderStatusBadge status={order.status} mode={order.mode} category={order.category} />
      </Group>
      {writer.licenceNumber && (
        <Text size="sm" c="dimmed" mt={-12}>
          {t('edit.licenceShown', { licence: writer.licenceNumber })}
        </Text>
      )}

      {writer.refusal === 'not_verified' && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} data-testid="not-verified">
          {t('edit.notVerified')}
        </Alert>
      )}
      {writer.refusal === 'no_licence' && (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />}>
          <Stack gap="sm">
            <Text size="sm">{t('edit.noLicence')}</Text>
            <LicenceForm userId={doctorId} />
          </Stack>
        </Alert>
      )}
      {order.status === ORDER_STATUS.cancelled && (
        <Alert color="gray" icon={<IconAlertTriangle aria-hidden="true" />}>
          {t('edit.cancelled')}
        </Alert>
      )}
      {writer.writableFrom && (
        // The visit has not come (issue 54 item 4): the result is written from when the booking may be completed.
        <Alert color="blue" icon={<IconClock aria-hidden="true" />} data-testid="too-early">
          {t('edit.tooEarly', { at: formatInstant(new Date(writer.writableFrom), `HH:mm ${DATE_INPUT_FORMAT}`) })}
        </Alert>
      )}

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('edit.patient')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <LabelledValue label={t('patient.fullName')}>{patient.fullName}</LabelledValue>
            <LabelledValue label={t('patient.dateOfBirth')}>{formatCalendarDay(patient.dateOfBirth, DATE_LIST_FORMAT)}</LabelledValue>
            <LabelledValue label={t('patient.gender')}>{t(`patient.genders.${patient.gender}`)}</LabelledValue>
            <LabelledValue label={t('patient.phone')}>{patient.phone}</LabelledValue>
            <LabelledValue
              label={t('edit.examDay')}
            >{`${formatCalendarDay(data.examDay, DATE_INPUT_FORMAT)} ${order.checkHour}`}</LabelledValue>
            <LabelledValue label={t('patient.code')}>{order.code}</LabelledValue>
          </SimpleGrid>
          <LabelledValue label={t('edit.reason')}>{order.reasonForExamination}</LabelledValue>
        </Stack>
      </Paper>

      <form onSubmit={submit} noValidate id={EXAM_FORM_ID}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('form.title')}
              </Title>
              <GrowingTextarea
                {...form.getInputProps('diagnostic')}
                label={<FieldLabel required>{t('form.diagnostic')}</FieldLabel>}
                minRows={2}
                maxLength={CLINICAL_LIMITS.diagnosticMax}
                required
                withAsterisk={false}
                readOnly={!writer.canWrite}
              />
              <GrowingTextarea
                {...form.getInputProps('medicalHistory')}
                label={<FieldLabel required>{t('form.medicalHistory')}</FieldLabel>}
                minRows={2}
                maxLength={CLINICAL_LIMITS.medicalHistoryMax}
                required
                withAsterisk={false}
                readOnly={!writer.canWrite}
              />
              <DayInput
                {...form.getInputProps('reExamDate')}
                label={<FieldLabel required>{t('form.reExamDate')}</FieldLabel>}
                description={t('form.reExamHint', { day: formatCalendarDay(data.examDay, DATE_INPUT_FORMAT) })}
                minDate={data.reExamFrom}
                maxDate={data.reExamUntil}
                required
                withAsterisk={false}
                readOnly={!writer.canWrite}
                maw={260}
              />
              {/* Once a re-exam date is saved: the doctor books it for the patient (decision 027). */}
              {examination?.reExamDate && order.status !== ORDER_STATUS.cancelled && writer.refusal === null && (
                <ReExamBookingLink order={order} doctorId={doctorId} day={examination.reExamDate} />
              )}
              <GrowingTextarea
                {...form.getInputProps('advice')}
                label={t('form.advice')}
                minRows={2}
                maxLength={CLINICAL_LIMITS.adviceMax}
                readOnly={!writer.canWrite}
              />
            </Stack>
          </Paper>

          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('prescription.title')}
              </Title>
              {clinical.prescriptions.map((prescription) => (
                <PrescriptionView key={prescription.id} prescription={prescription} />
              ))}
              {current && (
                <Group gap="xs" c="dimmed">
                  <IconLock size={16} aria-hidden="true" />
                  <Text size="sm">{t('prescription.readOnly')}</Text>
                </Group>
              )}
              {current && writer.canWrite && (
                <div>
                  <Button
                    variant="default"
                    onClick={() => {
                      form.setFieldValue('lines', replacing ? [] : [emptyLine()]);
                      setReplacing(!replacing);
                    }}
                  >
                    {replacing ? t('prescription.cancelReplace') : t('prescription.replace')}
                  </Button>
                </div>
              )}
              {editing && (
                <>
                  <Text fw={600}>{replacing ? t('prescription.replaceTitle') : t('prescription.newTitle')}</Text>
                  {!replacing && lines.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('prescription.optional')}
                    </Text>
                  )}
                  <PrescriptionEditor form={form} />
                </>
              )}
              {!current && !editing && <Text c="dimmed">{t('prescription.none')}</Text>}
            </Stack>
          </Paper>
        </Stack>
      </form>

      {(Documents || DocumentLinks) && (
        // Outside the examination's form: the documents have their own uploads and forms (spec §2 "documents, document links").
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="lg">
            <Title order={2} size="h4">
              {t('edit.documents')}
            </Title>
            {Documents && (
              <Documents
                orderId={order.id}
                canEdit={order.status !== ORDER_STATUS.cancelled}
                doctorId={doctorId}
                patientId={order.profileId ?? order.userId}
                pending={pendingUploads}
              />
            )}
            {DocumentLinks && <DocumentLinks orderId={order.id} canEdit={order.status !== ORDER_STATUS.cancelled} />}
          </Stack>
        </Paper>
      )}

      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            component={Link}
            to={generatePath(paths.allOrders, { id: order.id })}
            variant="subtle"
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          >
            {t('edit.back')}
          </Button>
          <Group gap="sm">
            {order.actions.complete && (
              <Button
                variant="light"
                color="green"
                leftSection={<IconCircleCheck size={18} aria-hidden="true" />}
                disabled={!examination}
                title={examination ? undefined : t('complete.needsExam')}
                onClick={() => setCompleting(true)}
              >
                {t('complete.button')}
              </Button>
            )}
            {writer.canWrite && (
              <Button type="submit" form={EXAM_FORM_ID} loading={save.isPending}>
                {t('form.save')}
              </Button>
            )}
          </Group>
        </Group>
        {held && (
          <Text size="sm" c="red.8" ta="right" role="alert">
            {held}
          </Text>
        )}
        {order.actions.complete && !examination && (
          <Text size="sm" c="dimmed" ta="right">
            {t('complete.needsExam')}
          </Text>
        )}
        {!order.actions.complete && isActiveOrder(order.status) && !writer.writableFrom && (
          // Completion opens 30 minutes before the start, on its own day (decision 020): say when, rather than nothing.
          <Text size="sm" c="dimmed" ta="right">
            {t('complete.opensAt', { at: formatInstant(completableFrom(new Date(order.startsAt)), `HH:mm ${DATE_INPUT_FORMAT}`) })}
          </Text>
        )}
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('confirm.title')} centered>
        <Stack gap="md">
          <Text>{t('confirm.message')}</Text>
          <FormActions
            cancelLabel={t('confirm.cancel')}
            onCancel={() => setConfirming(false)}
            submitLabel={t('confirm.ok')}
            onSubmit={() => save.mutate(form.getValues())}
            pending={save.isPending}
            autoFocus
          />
        </Stack>
      </Modal>
      <Modal opened={completing} onClose={() => setCompleting(false)} title={t('complete.title')} centered>
        <Stack gap="md">
          <Text>{t('complete.message')}</Text>
          <FormActions
            cancelLabel={t('confirm.cancel')}
            onCancel={() => setCompleting(false)}
            submitLabel={t('complete.ok')}
            onSubmit={() => complete.mutate()}
            color="green"
            pending={complete.isPending}
            autoFocus
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Spec §2 /healthcaredoctoredit/{id} and /healthcaredoctoreditonline/{id}: the assigned doctor's examination of a booking. */
export function DoctorEditPage({ mode, ...sections }: { mode: WorkMode } & DoctorEditSections) {
  const { t } = useTranslation('clinical');
  usePageTitle(mode === 'online' ? t('edit.onlinePageTitle') : t('edit.pageTitle'));
  const { id = '' } = useParams();
  const user = useAuthStore((state) => state.user);
  const edit = useDoctorEdit(id);

  if (isNotFound(edit.error)) return <NotFoundForDoctor title={t('edit.notFoundTitle')} text={t('edit.notFoundText')} />;

  return (
    <Container size="md" py="xl">
      {edit.data && user ? (
        // A new key after each save: the form starts again from what the server now holds.
        <EditContent
          key={`${edit.data.clinical.examination?.updatedAt ?? ''}-${edit.data.clinical.prescriptions.length}`}
          data={edit.data}
          doctorId={user.userId}
          sections={sections}
        />
      ) : edit.error ? (
        <ErrorState message={edit.error.message} onRetry={() => void edit.refetch()} />
      ) : (
        <LoadingState />
      )}
    </Container>
  );
}
