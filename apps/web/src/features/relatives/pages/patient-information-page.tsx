import { Alert, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Person } from '@rhc/contracts';
import { SHARE_SECTIONS, type ShareSection } from '@rhc/domain';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { personPath } from '../../../components/person/use-person-param.ts';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { isNotFound } from '../../../lib/api-error.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useFollows, useManagedProfiles, usePerson, usePrivileges } from '../api.ts';
import { AccessLog } from '../components/access-log.tsx';
import { InviteDialog, type InviteTarget } from '../components/invite-dialog.tsx';
import classes from '../relatives.module.css';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { PageHeading } from '../../../components/ui/page-heading.tsx';

type Choice = { value: string; label: string };

// "Export this person's data" for a profile I manage (issue 53): its code and strings load only there.
const RecordExportSection = lazy(async () => ({
  default: (await import('../../../components/record-export/record-export-section.tsx')).RecordExportSection,
}));

/**
 * Spec §2 /patientinformation/: a person's information — me, a profile I manage, or someone who shares with me — with
 * the sections they share; the no-access notice with "Yêu cầu quyền truy cập" where not shared; for my own record
 * or a profile I manage, who has looked at it.
 */
export function PatientInformationPage() {
  const { t } = useTranslation(['relatives', 'records']);
  usePageTitle(t('patient.title'));
  const user = useAuthStore((state) => state.user);
  const userId = user?.userId ?? '';
  const [search, setSearch] = useSearchParams();
  const id = search.get('id') || userId;
  const profiles = useManagedProfiles(userId);
  const follows = useFollows(userId);
  const [target, setTarget] = useState<InviteTarget | null>(null);

  if (!user) return null;

  const choices: Choice[] = [{ value: userId, label: t('patient.mine', { name: user.fullName }) }];
  const add = (value: string, label: string) => {
    if (!choices.some((choice) => choice.value === value)) choices.push({ value, label });
  };
  for (const profile of profiles.data ?? []) add(profile.id, profile.info.fullName);
  for (const share of follows.data?.following ?? []) add(share.person.id, share.person.fullName);
  // A person named in the URL the lists do not (yet) hold still shows as chosen.
  const knownName = choices.find((choice) => choice.value === id)?.label;

  return (
    <Container size="lg" className={classes.page}>
      <Stack gap="lg">
        <PageHeading title={t('patient.title')} intro={t('patient.intro')} />
        <Select
          label={t('patient.whose')}
          data={knownName ? choices : [...choices, { value: id, label: id }]}
          value={id}
          onChange={(value) => setSearch(value && value !== userId ? { id: value } : {}, { replace: true })}
          allowDeselect={false}
          maw={420}
        />
        {/* The medical history viewer (issue 15, features/records). */}
        <Button component={Link} to={personPath(paths.examinationHistory, id, userId)} variant="light" w="fit-content">
          {t('history.open', { ns: 'records' })}
        </Button>
        <PersonView key={id} id={id} userId={userId} fallbackName={knownName} onRequest={setTarget} />
      </Stack>
      <InviteDialog target={target} onClose={() => setTarget(null)} />
    </Container>
  );
}

function PersonView(props: { id: string; userId: string; fallbackName?: string; onRequest: (target: InviteTarget) => void }) {
  const { id, userId, fallbackName, onRequest } = props;
  const { t } = useTranslation('relatives');
  const person = usePerson(id);
  const privileges = usePrivileges(id, userId);

  if (person.isError) {
    if (isNotFound(person.error))
      return (
        <NoAccess
          message={t('patient.noAccessPerson')}
          onRequest={fallbackName ? () => onRequest({ kind: 'request', person: { id, fullName: fallbackName } }) : undefined}
        />
      );
    return <ErrorState message={`${t('patient.loadFailed')} ${person.error.message}`} onRetry={() => void person.refetch()} />;
  }
  if (!person.data) return <LoadingState />;

  const data = person.data;
  const sections: readonly ShareSection[] = privileges.data?.sections ?? data.sections;
  const notShared = SHARE_SECTIONS.filter((section) => !sections.includes(section));
  const request = (options: readonly ShareSection[]) =>
    onRequest({ kind: 'request', person: { id: data.id, fullName: data.fullName }, options });
  const holds = data.relation === 'self' || data.relation === 'manager';

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" className={classes.card}>
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h3">
              {data.fullName}
            </Title>
            <Badge variant="light" tt="none">
              {t(`relations.${data.relation}`)}
            </Badge>
          </Group>
          {data.archivedAt && (
            <Text size="sm" c="dimmed">
              {t('patient.archived')}
            </Text>
          )}
          <Title order={3} size="h5">
            {t('patient.info')}
          </Title>
          {data.info ? (
            <InfoGrid person={data} />
          ) : (
            <NoAccess message={t('patient.noAccess', { name: data.fullName })} onRequest={() => request(['health_info'])} />
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" className={classes.card}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('patient.sections')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" component="ul" className={classes.list}>
            {SHARE_SECTIONS.map((section) => {
              const shared = sections.includes(section);
              return (
                <Group key={section} component="li" gap="xs" wrap="nowrap">
                  {shared ? (
                    <IconCheck size={18} color="var(--mantine-color-green-7)" aria-hidden="true" />
                  ) : (
                    <IconLock size={18} color="var(--mantine-color-gray-6)" aria-hidden="true" />
                  )}
                  <Text size="sm" c={shared ? undefined : 'dimmed'}>
                    <Text span size="sm" fw={shared ? 600 : undefined} inherit>
                      {t(`sections.${section}`)}
                    </Text>
                    {' — '}
                    {shared ? t('patient.shared') : t('patient.notShared')}
                  </Text>
                </Group>
              );
            })}
          </SimpleGrid>
          {holds ? (
            <Text size="sm" c="dimmed">
              {t('patient.ownRecord')}
            </Text>
          ) : notShared.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('patient.noneNotShared')}
            </Text>
          ) : (
            <NoAccess message={t('patient.noAccessSections', { name: data.fullName })} onRequest={() => request(notShared)} />
          )}
        </Stack>
      </Paper>

      {holds && (
        <Paper withBorder radius="lg" className={classes.card}>
          <AccessLog personId={data.id} />
        </Paper>
      )}
      {holds && data.id !== userId && (
        <Paper withBorder radius="lg" className={classes.card}>
          <Suspense fallback={<LoadingState minHeight={120} />}>
            <RecordExportSection profileId={data.id} name={data.fullName} />
          </Suspense>
        </Paper>
      )}
    </Stack>
  );
}

/** The no-access notice of spec §6, with "Yêu cầu quyền truy cập" when there is someone to ask. */
function NoAccess({ message, onRequest }: { message: string; onRequest?: () => void }) {
  const { t } = useTranslation('relatives');
  return (
    <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />} title={t('patient.noAccessTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRequest && (
          <Button size="xs" variant="filled" onClick={onRequest}>
            {t('patient.requestAccess')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function InfoGrid({ person }: { person: Person }) {
  const { t } = useTranslation(['relatives', 'person']);
  const info = person.info;
  if (!info) return null;
  const rows: [string, ReactNode][] = [
    [t('fields.fullName'), info.fullName],
    [t('fields.phone'), `${info.callingCodes} ${info.phone}`],
    [t('person:fields.gender'), t(`person:genders.${info.gender as 'male'}`)],
    [t('fields.dateOfBirth'), info.dateOfBirth ? formatCalendarDay(info.dateOfBirth) : '—'],
    [t('fields.email'), info.email || '—'],
    [t('fields.address'), info.address || '—'],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
