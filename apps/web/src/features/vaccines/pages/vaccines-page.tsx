import { Alert, Anchor, Button, Container, Stack, Switch, Text } from '@mantine/core';
import '../styles.ts';
import type { VaccineHistoryEntry } from '@rhc/contracts';
import { DEFAULT_VACCINE_SCHEDULE, VACCINE_SCHEDULE_IDS, type VaccineId, type VaccineScheduleId } from '@rhc/domain';
import { IconAlertCircle, IconEye, IconLogin, IconWorld } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { NoAccessNotice } from '../../../components/person/no-access-notice.tsx';
import { PersonBar } from '../../../components/person/person-bar.tsx';
import { usePersonParam } from '../../../components/person/use-person-param.ts';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { personNamed, usePeople, type PersonOption } from '../../../hooks/use-people.ts';
import { isNotFound } from '../../../lib/api-error.ts';
import { calendarDayName } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showError } from '../../../lib/toast.ts';
import { failureText, useFormMutation } from '../../../lib/use-form-mutation.ts';
import { isLoggedIn, useAuthStore } from '../../../stores/auth-store.ts';
import { refreshVaccines, setReminders, useVaccinationRecord } from '../api.ts';
import { BandChart } from '../components/band-chart.tsx';
import { FactSheetList } from '../components/fact-sheet-list.tsx';
import { HistorySection } from '../components/history-section.tsx';
import { StatusList } from '../components/status-list.tsx';
import { bandOfPerson, VACCINE_STRINGS } from '../components/vaccine-text.ts';
import classes from '../vaccines.module.css';
import { PageHeading } from '../../../components/ui/page-heading.tsx';

// The dialogs (the history modal's form and validation, a fact sheet) load only when someone opens one.
const DoseDialog = lazy(async () => ({ default: (await import('../components/dose-dialog.tsx')).DoseDialog }));
const FactSheetDialog = lazy(async () => ({ default: (await import('../components/fact-sheet-dialog.tsx')).FactSheetDialog }));

type Dialog = { kind: 'doses'; vaccineId?: VaccineId; entry?: VaccineHistoryEntry } | { kind: 'facts'; vaccineId: VaccineId };

const SCHEDULE_PARAM = 'schedule';
const isSchedule = (value: string | null): value is VaccineScheduleId => VACCINE_SCHEDULE_IDS.some((id) => id === value);

/**
 * Spec §2 /vaccines/ (issue 50): a person's vaccinations — me, a profile I manage, or someone who shares "vaccines"
 * with me (read only) — against Vietnam's EPI (the default) or CDC's 2025 schedule: the status of each vaccine, the
 * chart by age band, the history with its modal, fact sheets, and the due-dose reminders. Someone who has not shared
 * their vaccinations gets the no-access notice with a request for access. The route is public (spec §2): a visitor
 * sees the fact sheets and is asked to sign in for a record.
 */
export function VaccinesPage() {
  const { t } = useTranslation(VACCINE_STRINGS);
  usePageTitle(t('title'));
  const user = useAuthStore((state) => state.user);
  return (
    <Container size="lg" className={classes.page}>
      <Stack gap="lg">
        <PageHeading title={t('title')} intro={t('intro')} />
        {isLoggedIn(user) ? <SignedIn userId={user.userId} fullName={user.fullName} /> : <SignedOut />}
      </Stack>
    </Container>
  );
}

function SignedOut() {
  const { t } = useTranslation(VACCINE_STRINGS);
  const location = useLocation();
  const [facts, setFacts] = useState<VaccineId | null>(null);
  return (
    <>
      <Alert color="blue" variant="light" icon={<IconLogin aria-hidden="true" />} title={t('signIn.title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('signIn.text')}</Text>
          <Button component={Link} to={paths.login} state={{ from: `${location.pathname}${location.search}` }} size="sm">
            {t('signIn.action')}
          </Button>
        </Stack>
      </Alert>
      <FactSheetList onOpen={setFacts} />
      {facts && (
        <Suspense fallback={null}>
          <FactSheetDialog vaccineId={facts} onClose={() => setFacts(null)} />
        </Suspense>
      )}
    </>
  );
}

function SignedIn({ userId, fullName }: { userId: string; fullName: string }) {
  const { t } = useTranslation(VACCINE_STRINGS);
  const { people, loading } = usePeople(userId, fullName, 'vaccines', { othersIFollow: true });
  const [wanted, choosePerson] = usePersonParam(userId);
  const [search, setSearch] = useSearchParams();
  const scheduleLabel = useId();
  const asked = search.get(SCHEDULE_PARAM);
  const schedule: VaccineScheduleId = isSchedule(asked) ? asked : DEFAULT_VACCINE_SCHEDULE;
  const chooseSchedule = (next: VaccineScheduleId) => {
    const params = new URLSearchParams(search);
    if (next === DEFAULT_VACCINE_SCHEDULE) params.delete(SCHEDULE_PARAM);
    else params.set(SCHEDULE_PARAM, next);
    setSearch(params, { replace: true });
  };
  const { person, choices } = personNamed(people, wanted);

  return (
    <>
      <PersonBar label={t('person.label')} people={choices} value={person.id} onChange={choosePerson} loading={loading}>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={scheduleLabel}>
            {t('schedule.label')}
          </Text>
          <SegmentedChoice<VaccineScheduleId>
            aria-labelledby={scheduleLabel}
            value={schedule}
            onChange={chooseSchedule}
            data={VACCINE_SCHEDULE_IDS.map((value) => ({ value, label: t(`schedule.options.${value}`) }))}
          />
        </Stack>
      </PersonBar>
      <RecordView key={person.id} person={person} schedule={schedule} />
    </>
  );
}

function RecordView({ person, schedule }: { person: PersonOption; schedule: VaccineScheduleId }) {
  const { t } = useTranslation(VACCINE_STRINGS);
  const query = useVaccinationRecord(person.id, schedule);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  if (query.isError) {
    if (isNotFound(query.error))
      return <NoAccessNotice personId={person.id} title={t('noAccess.title')} text={t('noAccess.text')} request={t('noAccess.request')} />;
    return <ErrorState message={`${t('loadFailed')} ${query.error.message}`} onRetry={() => void query.refetch()} />;
  }
  const record = query.data;
  if (!record) return <LoadingState label={t('title')} />;

  const openFacts = (vaccineId: VaccineId) => setDialog({ kind: 'facts', vaccineId });
  return (
    <Stack gap="lg" aria-busy={query.isFetching || undefined}>
      <Stack gap={4}>
        <Text size="sm">
          <strong>{t(`schedule.options.${record.schedule.id}`)}</strong> ·{' '}
          {t('schedule.published', { date: calendarDayName(record.schedule.publishedOn) })} ·{' '}
          <Anchor href={record.schedule.source} target="_blank" rel="noopener noreferrer">
            {t('schedule.source')}
          </Anchor>
        </Text>
        {record.schedule.id !== DEFAULT_VACCINE_SCHEDULE && (
          <Alert color="yellow" variant="light" icon={<IconWorld aria-hidden="true" />}>
            {t('schedule.reference')}
          </Alert>
        )}
      </Stack>
      {!record.canManage && person.name && (
        <Alert color="blue" variant="light" icon={<IconEye aria-hidden="true" />}>
          {t('person.readOnly', { name: person.name })}
        </Alert>
      )}
      {record.canManage && <RemindersSwitch infoId={record.infoId} enabled={record.reminders} />}
      {record.dateOfBirth === null ? (
        <>
          <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t('noDob.title')} data-testid="no-dob">
            {t('noDob.text')}
          </Alert>
          <HistorySection
            record={record}
            onAdd={() => setDialog({ kind: 'doses' })}
            onEdit={(entry) => setDialog({ kind: 'doses', entry })}
          />
          <FactSheetList onOpen={openFacts} />
        </>
      ) : (
        <>
          <StatusList
            statuses={record.statuses}
            onFacts={openFacts}
            onHistory={(vaccineId) => setDialog({ kind: 'doses', vaccineId })}
            registerHref={
              record.canManage
                ? (vaccineId, doseId) =>
                    `${paths.vaccineRegistration}?${new URLSearchParams({ schedule, vaccine: vaccineId, dose: doseId, person: person.id })}`
                : undefined
            }
          />
          <BandChart statuses={record.statuses} currentBand={bandOfPerson(record.dateOfBirth, record.today)} />
          <HistorySection
            record={record}
            onAdd={() => setDialog({ kind: 'doses' })}
            onEdit={(entry) => setDialog({ kind: 'doses', vaccineId: entry.vaccineId, entry })}
          />
        </>
      )}
      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'facts' ? (
            <FactSheetDialog vaccineId={dialog.vaccineId} onClose={() => setDialog(null)} />
          ) : (
            <DoseDialog record={record} vaccineId={dialog.vaccineId} entry={dialog.entry} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      )}
    </Stack>
  );
}

/** The due-dose reminders for this person (issue 50), on or off; told to whoever manages them. */
function RemindersSwitch({ infoId, enabled }: { infoId: string; enabled: boolean }) {
  const { t } = useTranslation(VACCINE_STRINGS);
  const change = useFormMutation({
    mutationFn: (next: boolean) => setReminders(infoId, next),
    success: (data) => (data.reminders ? t('reminders.on') : t('reminders.off')),
    onFailure: (error) => {
      showError(t('reminders.failed', { reason: failureText(error) }));
      return true;
    },
    refresh: refreshVaccines,
  });
  const hint = useId();
  // The hint beside the switch, not in its label: the switch is named by its label alone.
  return (
    <Stack gap={2}>
      <Switch
        checked={change.isPending ? Boolean(change.variables) : enabled}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
        disabled={change.isPending}
        label={t('reminders.label')}
        aria-describedby={hint}
      />
      <Text size="xs" c="dimmed" id={hint} pl={50}>
        {t('reminders.description')}
      </Text>
    </Stack>
  );
}
