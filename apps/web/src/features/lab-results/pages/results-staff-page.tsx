import { Alert, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import {
  CONCLUSION_MAX_LENGTH,
  DATE_INPUT_FORMAT,
  ORDER_STATUS,
  RESULT_KINDS,
  VN_CALLING_CODE,
  checkResultsComplete,
  type ResultCategory,
  type TypeExam,
} from '@rhc/domain';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconFlask } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { generatePath, Link, useParams } from 'react-router';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { NotFoundScreen } from '../../../components/ui/status-screen.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { isNotFound } from '../../../lib/api-error.ts';
import { openConfirm } from '../../../lib/confirm.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { completeOrder, markPerformed, refreshResults, saveConclusion, useOrder, useOrderResults } from '../api.ts';

/** The order's files with their upload widget, handed in by the route (the records feature's; features never import each other). */
export type ResultFilesSection = ComponentType<{
  orderId: string;
  canEdit: boolean;
  doctorId?: string;
  patientId?: string;
  types?: readonly TypeExam[];
  title?: string;
}>;

/**
 * The staff's results screen of a lab or imaging order (issue 51 "Results", decision 046; spec §2
 * `/diagnostictestdoctoredit/{id}`, `/imageanalysationedoctoredit/{id}`): the order's facts, "sample taken" / "scan
 * done", the result files (type 1 or 2, through the order's files), the conclusion, and "Complete" after a
 * confirmation, which tells the patient their results are ready. One screen for both categories.
 */
export function ResultsStaffPage({ category, documents: Documents }: { category: ResultCategory; documents?: ResultFilesSection }) {
  const { t } = useTranslation(['lab-results', 'lab-catalog']);
  usePageTitle(t(`title.${category}`));
  const { id = '' } = useParams();
  const user = useAuthStore((state) => state.user);
  const order = useOrder(id);
  const results = useOrderResults(id, category, { fresh: true });

  const back = (
    <Button
      component={Link}
      to={generatePath(paths.allOrders, { id })}
      variant="subtle"
      leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
    >
      {t('back')}
    </Button>
  );

  // Another category's order, or one that is not the caller's to see, is none here.
  if (isNotFound(order.error) || isNotFound(results.error) || (order.data && order.data.category !== category))
    return <NotFoundScreen title={t(`title.${category}`)} text={t('status.notFound')} action={back} />;

  const error = order.error ?? results.error;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>{back}</Group>
        {order.data && results.data && user ? (
          <Content order={order.data} results={results.data} category={category} staffId={user.userId} documents={Documents} />
        ) : error ? (
          <ErrorState
            message={error.message}
            onRetry={() => {
              void order.refetch();
              void results.refetch();
            }}
          />
        ) : (
          <LoadingState />
        )}
      </Stack>
    </Container>
  );
}

type Results = NonNullable<ReturnType<typeof useOrderResults>['data']>;

function Content({
  order,
  results,
  category,
  staffId,
  documents: Documents,
}: {
  order: Order;
  results: Results;
  category: ResultCategory;
  staffId: string;
  documents: ResultFilesSection | undefined;
}) {
  const { t } = useTranslation(['lab-results', 'lab-catalog']);
  const queryClient = useQueryClient();
  const [conclusion, setConclusion] = useState(results.conclusion ?? '');
  const patient = order.infomation;
  const lab = order.lab;
  const items = lab
    ? [
        ...lab.packageTestItems.map((item) => t(`lab-catalog:packages.${item}.name`)),
        ...lab.requestTestItems.map((item) => t(`lab-catalog:tests.${item}.name`)),
      ]
    : [];
  // The "yes" answers an imaging order waits on its staff's review for: each a `lab-catalog` key (decision 045).
  const flags = order.imaging?.review ?? [];
  const after = async (message: string) => {
    showSuccess(message);
    await refreshResults(queryClient);
  };

  const perform = useMutation({
    mutationFn: () => markPerformed(order.id),
    onSuccess: () => after(t('performed.saved')),
    onError: (failure) => showError(failure.message),
  });
  const conclude = useMutation({
    mutationFn: () => saveConclusion(order.id, conclusion),
    onSuccess: () => after(t('conclusion.saved')),
    onError: (failure) => showError(failure.message),
  });
  const complete = useMutation({
    mutationFn: () => completeOrder(staffId, order.id),
    onSuccess: () => after(t('complete.done')),
    onError: (failure) => showError(failure.message),
  });

  // What the server will ask of the completion, said before it is asked (the server checks again).
  const savedConclusion = results.conclusion ?? '';
  const ready =
    checkResultsComplete({
      performedAt: results.performedAt ? new Date(results.performedAt) : null,
      conclusion: savedConclusion,
      files: results.files.length,
    }) === null;
  const confirmComplete = () =>
    openConfirm({
      title: t('complete.title'),
      children: <Text size="sm">{t('complete.body')}</Text>,
      labels: { confirm: t('complete.confirm'), cancel: t('complete.cancel') },
      onConfirm: () => complete.mutate(),
    });

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>
          {t(`title.${category}`)} {order.code}
        </Title>
        <OrderStatusBadge status={order.status} mode={order.mode} category={order.category} />
      </Group>

      {/* Why nothing can be recorded yet, exactly: the order waits for its confirmation, or for its time (the server's). */}
      {!results.canWrite && (order.status === ORDER_STATUS.booked || results.writableFrom) && (
        <Alert color="gray" icon={<IconAlertTriangle aria-hidden="true" />}>
          {results.writableFrom
            ? t('status.writableFrom', { at: formatInstant(results.writableFrom, `HH:mm ${DATE_INPUT_FORMAT}`) })
            : t('status.notConfirmed')}
        </Alert>
      )}

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('facts.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <LabelledValue label={t('facts.person')}>{patient.fullName}</LabelledValue>
            <LabelledValue label={t('facts.phone')}>
              {patient.callingCodes === VN_CALLING_CODE ? patient.phone : `${patient.callingCodes} ${patient.phone}`}
            </LabelledValue>
            <LabelledValue label={t('facts.time')}>
              {`${formatInstant(order.startsAt, `HH:mm`)} – ${formatInstant(order.endsAt, `HH:mm ${DATE_INPUT_FORMAT}`)}`}
            </LabelledValue>
            <LabelledValue label={t('facts.place')}>
              {lab?.atHome && lab.orderAdress
                ? t('facts.atHome', { address: lab.orderAdress })
                : order.workUnit
                  ? `${order.workUnit.name} — ${order.workUnit.address}`
                  : ''}
            </LabelledValue>
            <LabelledValue label={t('facts.code')}>{order.code}</LabelledValue>
          </SimpleGrid>
          {items.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t('facts.items')}
              </Text>
              <List size="sm">
                {items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Stack>
          )}
          {flags.length > 0 && (
            <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />} title={t('facts.review')}>
              <List size="sm">
                {flags.map((key) => (
                  <List.Item key={key}>{t(`lab-catalog:${key}` as never)}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fw={600}>
            {results.performedAt
              ? t(category === 'lab' ? 'performed.atLab' : 'performed.atImaging', {
                  time: formatInstant(results.performedAt, `HH:mm ${DATE_INPUT_FORMAT}`),
                })
              : t(category === 'lab' ? 'performed.notYetLab' : 'performed.notYetImaging')}
          </Text>
          {!results.performedAt && results.canWrite && (
            <Button loading={perform.isPending} onClick={() => perform.mutate()} leftSection={<IconFlask size={18} aria-hidden="true" />}>
              {t(`performed.${category}`)}
            </Button>
          )}
        </Group>
      </Paper>

      {Documents && (
        <Paper withBorder radius="lg" p="lg">
          <Documents
            orderId={order.id}
            canEdit={results.canWrite}
            doctorId={staffId}
            patientId={order.profileId ?? order.userId}
            types={[RESULT_KINDS[category].typeExam]}
            title={t('files.title')}
          />
        </Paper>
      )}

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <GrowingTextarea
            label={t('conclusion.label')}
            description={t('conclusion.description', { max: CONCLUSION_MAX_LENGTH })}
            value={conclusion}
            onChange={(event) => setConclusion(event.currentTarget.value)}
            maxLength={CONCLUSION_MAX_LENGTH}
            minRows={3}
            readOnly={!results.canWrite}
          />
          {results.canWrite && (
            <Group justify="flex-end">
              <Button
                variant="default"
                loading={conclude.isPending}
                disabled={conclusion.trim() === savedConclusion}
                onClick={() => conclude.mutate()}
              >
                {t('conclusion.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      {order.actions.complete && (
        <Stack gap="xs" align="flex-end">
          <Button
            color="green"
            leftSection={<IconCircleCheck size={18} aria-hidden="true" />}
            disabled={!ready}
            loading={complete.isPending}
            onClick={confirmComplete}
          >
            {t('complete.action')}
          </Button>
          {!ready && (
            <Text size="sm" c="dimmed" ta="right">
              {t('complete.hint')}
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}
