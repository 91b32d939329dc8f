import { Alert, Anchor, Breadcrumbs, Button, Container, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { RecordDataInfoSchema, type Document, type RecordDetail } from '@rhc/contracts';
import {
  DATE_INPUT_FORMAT,
  DOCTOR_NAME_MAX_LENGTH,
  isRecordDayAllowed,
  REASON_MAX_LENGTH,
  RECORD_AREA_MODE,
  RECORD_DAY_MIN,
  TYPE_EXAM,
  TYPE_EXAMS,
  type UploadArea,
} from '@rhc/domain';
import { IconDeviceFloppy, IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PersonPicker } from '../../../components/person/person-picker.tsx';
import { usePersonParam } from '../../../components/person/use-person-param.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { ApiError, isNotFound } from '../../../lib/api-error.ts';
import { formatCalendarDay, todayInDisplayZone } from '../../../lib/dates.ts';
import { fieldErrorText, schemaErrors } from '../../../lib/forms.ts';
import { useForm } from '@mantine/form';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { createRecord, deleteRecord, refreshRecords, updateRecord, useRecord, type OutgoingFile } from '../api.ts';
import { checkRows, UploadWidget, type UploadRow } from '../components/upload-widget.tsx';
import { usePeople } from '../../../hooks/use-people.ts';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { useAskToDelete, useAskToDeleteDocument } from '../components/ask-to-delete.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** Spec §4 / §9: after the first save the screen goes home 2000 ms later. */
export const HOME_AFTER_SAVE_MS = 2000;

interface Fields {
  testDayTime: string | null;
  doctorName: string;
  reasonForExamination: string;
}

const emptyFields = (): Fields => ({ testDayTime: todayInDisplayZone(), doctorName: '', reasonForExamination: '' });
const fieldsOf = (record: RecordDetail): Fields => ({
  testDayTime: record.dateTest,
  doctorName: record.infoStoreDoctorName,
  reasonForExamination: record.reasonForExamination,
});

/**
 * Spec §2 "Health record screen", /health-record/ (new) and /health-record/{id} (`?person=`, or the older `?profile=`, names the person: me by
 * default, a profile I manage, or someone who shares exam info with me, read only). Section I the examination (date,
 * doctor, reason, the prescription area), section II the documents; the button sets of new, view with and without
 * the edit flag, and edit; confirmations before saving and deleting (spec §4).
 */
export function HealthRecordPage() {
  const { t } = useTranslation('records');
  usePageTitle(t('page.title'));
  const { id } = useParams<{ id: string }>();
  const user = useAuthStore((state) => state.user);
  const userId = user?.userId ?? '';
  const [profileId] = usePersonParam(userId);

  if (!user) return null;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <nav aria-label={t('page.breadcrumb')}>
          <Breadcrumbs separator="›">
            <Anchor component={Link} to={paths.home} size="sm">
              {t('page.home')}
            </Anchor>
            <Text size="sm" aria-current="page">
              {t('page.title')}
            </Text>
          </Breadcrumbs>
        </nav>
        <Stack gap={4}>
          <Title order={1}>{t('page.title')}</Title>
          {id === undefined && <Text c="dimmed">{t('page.intro')}</Text>}
        </Stack>
        {id === undefined ? (
          <NewRecord key={profileId} userId={userId} myName={user.fullName} profileId={profileId} />
        ) : (
          <ExistingRecord key={`${profileId}/${id}`} profileId={profileId} recordId={id} />
        )}
      </Stack>
    </Container>
  );
}

/** The new record: the person it belongs to (me or a profile I manage), then the form. */
function NewRecord({ userId, myName, profileId }: { userId: string; myName: string; profileId: string }) {
  const { t } = useTranslation('records');
  const [, choosePerson] = usePersonParam(userId);
  const { people, loading } = usePeople(userId, myName, 'exam_info');
  const writable = people.filter((person) => person.canWrite);
  const person = writable.find((candidate) => candidate.id === profileId);

  if (!person) {
    if (loading) return <LoadingState />;
    return (
      <Alert color="gray" icon={<IconEye aria-hidden="true" />}>
        {t('page.cannotCreate')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {/* Always there, even with me alone: whose record it is, and no shift when the profiles arrive (CLS). */}
      <PersonPicker label={t('page.person')} people={writable} value={person.id} onChange={choosePerson} maw={420} />
      <RecordForm profileId={person.id} />
    </Stack>
  );
}

function ExistingRecord({ profileId, recordId }: { profileId: string; recordId: string }) {
  const { t } = useTranslation('records');
  const record = useRecord(profileId, recordId);
  const navigate = useNavigate();

  if (record.isError) {
    if (isNotFound(record.error))
      return (
        <Stack gap="md" align="flex-start">
          <Alert color="gray" icon={<IconEye aria-hidden="true" />} title={t('page.notFoundTitle')}>
            {t('page.notFound')}
          </Alert>
          <Button variant="default" onClick={() => void navigate(paths.home)}>
            {t('actions.return')}
          </Button>
        </Stack>
      );
    return <ErrorState message={`${t('page.loadFailed')} ${record.error.message}`} onRetry={() => void record.refetch()} />;
  }
  if (!record.data) return <LoadingState />;
  return <RecordForm profileId={profileId} record={record.data} reload={async () => void (await record.refetch())} />;
}

type Mode = 'new' | 'view' | 'edit';

function RecordForm({ profileId, record, reload }: { profileId: string; record?: RecordDetail; reload?: () => Promise<void> }) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const askToDelete = useAskToDelete();
  const askToDeleteDocument = useAskToDeleteDocument(async () => {
    await reload?.();
  });
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  // The server says who may change the record (its owner or the manager of the profile), wherever it is opened from:
  // a reload or a bookmark gives them edit and delete too (issue 54 item 26; spec §2's navigation flag was lost on both).
  const canChange = record ? record.canEdit : true;

  const [mode, setMode] = useState<Mode>(record ? 'view' : 'new');
  const form = useForm<Fields>({ initialValues: record ? fieldsOf(record) : emptyFields() });
  const draft = form.values;
  const [rows, setRows] = useState<Record<UploadArea, UploadRow[]>>({ prescription: [], documents: [] });
  const [areaErrors, setAreaErrors] = useState<Record<UploadArea, string | null>>({ prescription: null, documents: null });
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  // Spec §4: a second submit is blocked while saving (a ref, so two clicks in one frame cannot both pass).
  const savingRef = useRef(false);
  const homeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(homeTimer.current), []);

  const editable = mode !== 'view';
  // View mode shows what the server holds (read again after a change, a file deletion or a cancelled change).
  const fields = mode === 'view' && record ? fieldsOf(record) : draft;
  const startEditing = () => {
    if (record) form.setValues(fieldsOf(record));
    setMode('edit');
  };
  const today = todayInDisplayZone();
  const documents = record?.listResponseDocumentDTO.documents ?? [];
  const stored: Record<UploadArea, Document[]> = {
    prescription: documents.filter((document) => document.typeExam === TYPE_EXAM.prescription),
    documents: documents.filter((document) => document.typeExam !== TYPE_EXAM.prescription),
  };
  const set = (patch: Partial<Fields>) => {
    form.setValues(patch);
    for (const key of Object.keys(patch)) form.clearFieldError(key);
  };

  const outgoing = (): OutgoingFile[] =>
    [...rows.prescription, ...rows.documents].flatMap((row) =>
      row.file ? [{ file: row.file, typeExam: row.typeExam, displayName: row.displayName }] : [],
    );

  /** Spec §5: the fields checked on submit, the date not after today, the files by the shared rules; nothing sent on a problem. */
  const validate = (): boolean => {
    const found = schemaErrors(RecordDataInfoSchema, { ...fields, testDayTime: fields.testDayTime ?? '' });
    if (!found.testDayTime && fields.testDayTime && !isRecordDayAllowed(fields.testDayTime, today))
      found.testDayTime = fields.testDayTime > today ? 'validation.record_day_future' : 'validation.date_invalid';
    form.setErrors(found);
    const areas: Record<UploadArea, string | null> = { prescription: null, documents: null };
    for (const area of ['prescription', 'documents'] as const) {
      const message = checkRows(rows[area], RECORD_AREA_MODE, area, stored[area].length);
      areas[area] = message ? t(message) : null;
    }
    // A new record needs at least one file (spec §5 "A missing file shows record.file-required").
    if (mode === 'new' && rows.prescription.length + rows.documents.length === 0) areas.documents = t('record.file-required');
    setAreaErrors(areas);
    // The first field in error gets the focus (and so scrolls into view); else the first area's message.
    const first = (['testDayTime', 'doctorName', 'reasonForExamination'] as const).find((name) => found[name]);
    if (first) document.getElementById(`record-${first}`)?.focus();
    else if (areas.prescription || areas.documents)
      document.getElementById(`record-area-${areas.prescription ? 'prescription' : 'documents'}`)?.scrollIntoView?.({ block: 'center' });
    return Object.keys(found).length === 0 && !areas.prescription && !areas.documents;
  };

  const askToSave = () => {
    if (savingRef.current) return;
    if (validate()) setConfirming(true);
  };

  const save = async () => {
    if (savingRef.current) return;
    // Spec §5: saving needs a known user id, otherwise the generic API-failure message.
    if (!userId || !profileId) {
      showError(t('messages.MESSAGE_CALL_API_FAIL'));
      return;
    }
    savingRef.current = true;
    setSaving(true);
    const info = {
      testDayTime: fields.testDayTime ?? '',
      doctorName: fields.doctorName.trim(),
      reasonForExamination: fields.reasonForExamination.trim(),
    };
    try {
      if (mode === 'new') {
        await createRecord(profileId, info, outgoing());
        showSuccess(t('messages.MESSAGE_SAVE_HEATH_RECORD_SUCCESS'));
        setConfirming(false);
        await refreshRecords(queryClient);
        // Spec §4: home 2 s after the first save; the form stays blocked meanwhile.
        homeTimer.current = setTimeout(() => void navigate(paths.home), HOME_AFTER_SAVE_MS);
        return;
      }
      if (!record) return;
      await updateRecord(profileId, record.id, info, outgoing());
      showSuccess(t('messages.MESSAGE_SAVE_HEATH_RECORD_SUCCESS'));
      setConfirming(false);
      setRows({ prescription: [], documents: [] });
      setMode('view');
      await refreshRecords(queryClient);
      savingRef.current = false;
      setSaving(false);
    } catch (error) {
      savingRef.current = false;
      setSaving(false);
      setConfirming(false);
      showError(error instanceof ApiError ? error.message : t('messages.MESSAGE_CALL_API_FAIL'));
    }
  };

  const cancelChange = async () => {
    setRows({ prescription: [], documents: [] });
    setAreaErrors({ prescription: null, documents: null });
    form.clearErrors();
    await reload?.();
    setMode('view');
  };

  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.home);
  };

  const askToDeleteRecord = () => {
    if (!record) return;
    askToDelete({
      title: t('delete.recordTitle'),
      message: t('messages.MESSAGES_HEATH_RECORD_DELETE_CONFIRM'),
      remove: () => deleteRecord(profileId, record.id),
      done: t('messages.MESSAGE_DELETE_RECORD_SUCCESS'),
      then: async () => {
        goBack();
        // Read again where the record was listed; the record itself is gone (reading it now would answer 404).
        queryClient.removeQueries({ queryKey: ['records', 'record'] });
        await queryClient.invalidateQueries({ queryKey: ['records', 'history'] });
      },
      failed: () => t('messages.MESSAGE_DELETE_RECORD_ERROR'),
    });
  };

  const askToDeleteFile = (document: Document) => {
    if (record) askToDeleteDocument(record.id, document);
  };

  const fieldError = (name: keyof Fields) => fieldErrorText(form.errors[name]);

  return (
    <Stack gap="lg">
      {record && !record.canEdit && (
        <Alert color="blue" variant="light" icon={<IconEye aria-hidden="true" />}>
          {t('page.readOnly')}
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="record-exam">
        <Stack gap="md">
          <Title order={2} size="h4" id="record-exam">
            {t('page.sectionExam')}
          </Title>
          <Group grow align="flex-start" wrap="wrap" gap="md" preventGrowOverflow={false}>
            <DayInput
              id="record-testDayTime"
              style={{ minWidth: 200 }}
              label={<FieldLabel required={editable}>{t('fields.date')}</FieldLabel>}
              value={fields.testDayTime}
              onChange={(value) => set({ testDayTime: value })}
              minDate={RECORD_DAY_MIN}
              maxDate={today}
              readOnly={!editable}
              clearable={false}
              required={editable}
              withAsterisk={false}
              error={fieldError('testDayTime')}
              popoverProps={{ withinPortal: true }}
            />
            <TextInput
              id="record-doctorName"
              style={{ minWidth: 200 }}
              label={<FieldLabel required={editable}>{t('fields.doctor')}</FieldLabel>}
              value={fields.doctorName}
              onChange={(event) => set({ doctorName: event.currentTarget.value })}
              maxLength={DOCTOR_NAME_MAX_LENGTH}
              readOnly={!editable}
              required={editable}
              withAsterisk={false}
              error={fieldError('doctorName')}
            />
          </Group>
          <GrowingTextarea
            id="record-reasonForExamination"
            label={<FieldLabel required={editable}>{t('fields.reason')}</FieldLabel>}
            value={fields.reasonForExamination}
            onChange={(event) => set({ reasonForExamination: event.currentTarget.value })}
            maxLength={REASON_MAX_LENGTH}
            minRows={2}
            maxRows={6}
            readOnly={!editable}
            required={editable}
            withAsterisk={false}
            error={fieldError('reasonForExamination')}
          />
          <Divider />
          <UploadWidget
            id="record-area-prescription"
            area="prescription"
            mode={RECORD_AREA_MODE}
            title={t('page.prescriptionArea')}
            rows={rows.prescription}
            onRowsChange={(next) => {
              setRows((current) => ({ ...current, prescription: next }));
              setAreaErrors((current) => ({ ...current, prescription: null }));
            }}
            stored={stored.prescription}
            onDeleteStored={mode === 'edit' ? askToDeleteFile : undefined}
            editable={editable}
            error={areaErrors.prescription}
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="record-documents">
        <Stack gap="md">
          <Title order={2} size="h4" id="record-documents">
            {t('page.sectionDocuments')}
          </Title>
          <UploadWidget
            id="record-area-documents"
            area="documents"
            mode={RECORD_AREA_MODE}
            title={t('page.documentsArea')}
            rows={rows.documents}
            onRowsChange={(next) => {
              setRows((current) => ({ ...current, documents: next }));
              setAreaErrors((current) => ({ ...current, documents: null }));
            }}
            stored={stored.documents}
            onDeleteStored={mode === 'edit' ? askToDeleteFile : undefined}
            editable={editable}
            error={areaErrors.documents}
          />
        </Stack>
      </Paper>

      <Group gap="sm" justify="flex-end" wrap="wrap">
        {mode === 'new' ? (
          <>
            <Button variant="default" onClick={() => void navigate(paths.home)}>
              {t('actions.return')}
            </Button>
            <Button leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />} onClick={askToSave} loading={saving}>
              {t('actions.save')}
            </Button>
          </>
        ) : mode === 'view' ? (
          <>
            <Button variant="default" onClick={goBack}>
              {t('actions.return')}
            </Button>
            {canChange && (
              <>
                <Button leftSection={<IconEdit size={18} aria-hidden="true" />} onClick={startEditing}>
                  {t('actions.edit')}
                </Button>
                <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={askToDeleteRecord}>
                  {t('actions.delete')}
                </Button>
              </>
            )}
          </>
        ) : (
          <>
            <Button variant="default" onClick={goBack} disabled={saving}>
              {t('actions.return')}
            </Button>
            <Button variant="default" onClick={() => void cancelChange()} disabled={saving}>
              {t('actions.cancelChange')}
            </Button>
            <Button leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />} onClick={askToSave} loading={saving}>
              {t('actions.save')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={askToDeleteRecord}
              disabled={saving}
            >
              {t('actions.delete')}
            </Button>
          </>
        )}
      </Group>

      <Modal
        opened={confirming}
        onClose={() => !savingRef.current && setConfirming(false)}
        title={t('confirm.title')}
        centered
        closeOnClickOutside={!saving}
        closeOnEscape={!saving}
      >
        <Stack gap="sm">
          <Text size="sm">{t('confirm.intro')}</Text>
          <Stack gap={4} component="dl" m={0}>
            <SummaryLine label={t('fields.doctor')} value={fields.doctorName.trim()} />
            <SummaryLine
              label={t('fields.date')}
              value={fields.testDayTime ? formatCalendarDay(fields.testDayTime, DATE_INPUT_FORMAT) : ''}
            />
            <SummaryLine label={t('fields.reason')} value={fields.reasonForExamination.trim()} />
          </Stack>
          <Title order={3} size="h6">
            {t('confirm.files')}
          </Title>
          <FilesByType files={outgoing()} />
          <FormActions
            cancelLabel={t('actions.back')}
            onCancel={() => setConfirming(false)}
            submitLabel={t('actions.confirmSave')}
            onSubmit={() => void save()}
            pending={saving}
            lockCancel
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

function SummaryLine({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" c="dimmed" miw={110}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The confirmation's files, grouped by type (spec §2 "listing … the chosen files by type"). */
function FilesByType({ files }: { files: readonly OutgoingFile[] }) {
  const { t } = useTranslation('records');
  const groups = TYPE_EXAMS.map((type) => ({ type, files: files.filter((file) => file.typeExam === type) })).filter(
    (group) => group.files.length > 0,
  );
  if (groups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('confirm.noFiles')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {groups.map((group) => (
        <Stack key={group.type} gap={2} role="group" aria-label={t(`typeExam.${group.type}`)}>
          <Text size="sm" fw={600}>
            {t('confirm.typeCount', { type: t(`typeExam.${group.type}`), count: group.files.length })}
          </Text>
          <Stack gap={0} component="ul" m={0} pl="md">
            {group.files.map((file, index) => (
              <Text key={`${file.file.name}-${index}`} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.displayName.trim() || file.file.name}
              </Text>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
