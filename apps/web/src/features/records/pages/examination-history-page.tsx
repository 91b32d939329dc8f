import { Alert, Anchor, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import type { HistoryItem } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, ORDER_CATEGORIES, TYPE_EXAMS, type TypeExam } from '@rhc/domain';
import { IconEye, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { NoAccessNotice } from '../../../components/person/no-access-notice.tsx';
import { PersonPicker } from '../../../components/person/person-picker.tsx';
import { PERSON_PARAM, personPath, usePersonParam } from '../../../components/person/use-person-param.ts';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { isNotFound } from '../../../lib/api-error.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { HISTORY_PAGE_SIZE, useHistory, useHistoryDetail, type HistoryFilters } from '../api.ts';
import { personNamed, usePeople, type PersonOption } from '../../../hooks/use-people.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { useLast } from '../../../hooks/use-last.ts';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { StoredDocument } from '../components/stored-document.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';

type Flag = 'hasResultTest' | 'hasResultImage' | 'hasPrescription';
const FLAGS: readonly Flag[] = ['hasResultTest', 'hasResultImage', 'hasPrescription'];
const TEXT_FILTERS = ['reason', 'doctorName', 'resultChecker', 'resultName', 'displayName'] as const;

/**
 * The medical history viewer (spec §2 "Screens by function", §3 "Examination history list filters"): the examinations
 * of me, a profile I manage, or someone who shares "history" with me — records kept here and completed orders — with
 * every filter, paged by 10, dates DD-MM-YYYY, and each entry's detail with the files I may see.
 */
export function ExaminationHistoryPage() {
  const { t } = useTranslation('records');
  usePageTitle(t('history.title'));
  const user = useAuthStore((state) => state.user);
  const userId = user?.userId ?? '';
  const { people, loading } = usePeople(userId, user?.fullName ?? '', 'history');
  const [wanted, choosePerson] = usePersonParam(userId);
  const { person, known, choices } = personNamed(people, wanted);

  if (!user) return null;

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title={t('history.title')} intro={t('history.intro')} />
        <Group align="flex-end" gap="md" wrap="wrap">
          <PersonPicker
            label={t('history.person')}
            people={choices}
            value={person.id}
            onChange={choosePerson}
            w={{ base: '100%', xs: 360 }}
            loading={loading}
          />
          {person.canWrite && (
            <Button
              component={Link}
              to={personPath(paths.healthRecord, person.id, userId)}
              leftSection={<IconPlus size={16} aria-hidden="true" />}
            >
              {t('history.newRecord')}
            </Button>
          )}
        </Group>
        {!person.canWrite && known && (
          <Alert color="blue" variant="light" icon={<IconEye aria-hidden="true" />}>
            {t('history.readOnly', { name: person.name })}
          </Alert>
        )}
        <HistoryList key={person.id} person={person} />
      </Stack>
    </Container>
  );
}

function HistoryList({ person }: { person: PersonOption }) {
  const { t } = useTranslation('records');
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<HistoryItem | null>(null);
  const history = useHistory(person.id, filters, page);

  const change = (patch: Partial<HistoryFilters>) => {
    setFilters(
      (current) =>
        Object.fromEntries(
          Object.entries({ ...current, ...patch }).filter(([, value]) => value !== undefined && value !== ''),
        ) as HistoryFilters,
    );
    setPage(0);
  };
  const filtered = Object.keys(filters).length > 0;
  const flagValue = (flag: Flag) => (filters[flag] === undefined ? '' : String(filters[flag]));
  const yesNo = [
    { value: '', label: t('history.any') },
    { value: 'true', label: t('history.yes') },
    { value: 'false', label: t('history.no') },
  ];

  if (history.isError && isNotFound(history.error))
    return (
      <NoAccessNotice
        personId={person.id}
        title={t('history.noAccessTitle')}
        text={t('history.noAccess')}
        request={t('history.requestAccess')}
      />
    );

  const data = history.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="history-filters">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h5" id="history-filters">
              {t('history.filters')}
            </Title>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconFilterOff size={16} aria-hidden="true" />}
              disabled={!filtered}
              onClick={() => {
                setFilters({});
                setPage(0);
              }}
            >
              {t('history.clear')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <DayInput
              label={t('history.testDay')}
              value={filters.testDay ?? null}
              onChange={(value) => change({ testDay: value ?? undefined })}
              popoverProps={{ withinPortal: true }}
            />
            {TEXT_FILTERS.map((name) => (
              <TextInput
                key={name}
                label={t(`history.${name}`)}
                value={filters[name] ?? ''}
                maxLength={200}
                onChange={(event) => change({ [name]: event.currentTarget.value })}
              />
            ))}
            <Select
              label={t('history.categoryType')}
              data={[
                { value: '', label: t('history.any') },
                ...(['record', ...ORDER_CATEGORIES] as const).map((value) => ({ value, label: t(`history.categories.${value}`) })),
              ]}
              value={filters.categoryType ?? ''}
              onChange={(value) => change({ categoryType: (value || undefined) as HistoryFilters['categoryType'] })}
              allowDeselect={false}
            />
            <Select
              label={t('history.typeExam')}
              data={[
                { value: '', label: t('history.any') },
                ...TYPE_EXAMS.map((value) => ({ value: String(value), label: t(`typeExam.${value}`) })),
              ]}
              value={filters.typeExam === undefined ? '' : String(filters.typeExam)}
              onChange={(value) => change({ typeExam: value ? (Number(value) as TypeExam) : undefined })}
              allowDeselect={false}
            />
            {FLAGS.map((flag) => (
              <Select
                key={flag}
                label={t(`history.${flag}`)}
                data={yesNo}
                value={flagValue(flag)}
                onChange={(value) => change({ [flag]: value ? (value as 'true' | 'false') : undefined })}
                allowDeselect={false}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>

      {history.isError ? (
        <ErrorState message={`${t('history.loadFailed')} ${history.error.message}`} onRetry={() => void history.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {filtered ? t('history.emptyFiltered') : t('history.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('history.total', { count: data.total })}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.columns.date')}</Table.Th>
                  <Table.Th>{t('history.columns.doctor')}</Table.Th>
                  <Table.Th>{t('history.columns.reason')}</Table.Th>
                  <Table.Th>{t('history.columns.kind')}</Table.Th>
                  <Table.Th>{t('history.columns.files')}</Table.Th>
                  <Table.Th>{t('history.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDay(item.testDay)}</Table.Td>
                    <Table.Td>{item.doctorName}</Table.Td>
                    <Table.Td style={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{item.reason}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {t(`history.categories.${item.categoryType}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{item.fileCount}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setOpened(item)}
                          aria-label={`${t('history.details')} ${formatCalendarDay(item.testDay)}`}
                        >
                          {t('history.details')}
                        </Button>
                        {item.source === 'record' && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            component={Link}
                            to={`${generatePath(paths.healthRecordDetail, { id: item.id })}?${PERSON_PARAM}=${encodeURIComponent(item.profileId)}`}
                            aria-label={`${t('history.openRecord')} ${formatCalendarDay(item.testDay)}`}
                          >
                            {t('history.openRecord')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.total > HISTORY_PAGE_SIZE && (
            <Group justify="center">
              <Pager total={Math.ceil(data.total / HISTORY_PAGE_SIZE)} value={page + 1} onChange={(value) => setPage(value - 1)} />
            </Group>
          )}
        </Stack>
      )}
      <HistoryDetailDialog item={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}

function HistoryDetailDialog({ item: current, onClose }: { item: HistoryItem | null; onClose: () => void }) {
  const { t } = useTranslation('records');
  // The dialog keeps its title and content while it fades out (nameless for those frames otherwise).
  const item = useLast(current);
  const detail = useHistoryDetail(item?.id ?? null);
  const data = detail.data;
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      centered
      size="lg"
      title={item ? t('history.detailsOf', { date: formatCalendarDay(item.testDay, DATE_INPUT_FORMAT) }) : ''}
    >
      {detail.isError ? (
        <ErrorState message={`${t('history.detailFailed')} ${detail.error.message}`} onRetry={() => void detail.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <Stack gap="sm">
          <Stack gap={4} component="dl" m={0}>
            <Line label={t('history.categoryType')} value={t(`history.categories.${data.categoryType}`)} />
            <Line label={t('history.doctorName')} value={data.doctorName} />
            <Line label={t('history.reason')} value={data.reason} />
            {data.note && <Line label={t('history.note')} value={data.note} />}
            {data.conclusion && <Line label={t('history.conclusion')} value={data.conclusion} />}
          </Stack>
          <Title order={3} size="h6">
            {t('history.documents')}
          </Title>
          {data.documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('history.noFiles')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {data.documents.map((document) => (
                <Group key={document.id} component="li" gap="sm" wrap="nowrap">
                  <StoredDocument document={document} />
                </Group>
              ))}
            </Stack>
          )}
          {data.links.length > 0 && (
            <>
              <Title order={3} size="h6">
                {t('history.links')}
              </Title>
              <Stack gap={4} component="ul" m={0} pl="md">
                {data.links.map((link) => (
                  <Text key={link.id} component="li" size="sm">
                    <Anchor href={link.link} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                      {link.displayName || link.link}
                    </Anchor>
                  </Text>
                ))}
              </Stack>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('history.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" c="dimmed" miw={120}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
