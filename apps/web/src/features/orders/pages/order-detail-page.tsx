import { Alert, Anchor, Button, Container, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { DATE_LIST_FORMAT, DOCTOR_JOB_ID, ORDER_KIND, ORDER_STATUS, VN_CALLING_CODE, isActiveOrder, isResultCategory } from '@rhc/domain';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/ui/status-screen.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { isNotFound } from '../../../lib/api-error.ts';
import { formatCalendarDay, formatInstant } from '../../../lib/dates.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useOrderDetail } from '../api.ts';
import { DetailRow } from '../../../components/ui/detail-row.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { CalendarLink, TrackingLink } from '../components/tracking-link.tsx';
import { ReminderSettings } from '../components/reminder-settings.tsx';
import { EarlierSlot } from '../components/earlier-slot.tsx';
import { canKeepPatient, KeepPatient } from '../components/keep-patient.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { CATEGORY_WORDS } from '../../../lib/order-status.ts';

/** The examination result's section (issue 17), handed in by the route: features do not import each other. */
export type ExamResultSection = ComponentType<{ orderId: string; mode: Order['mode']; asDoctor: boolean }>;
/** The order's document links (issue 15), handed in by the route like the examination result. */
export type DocumentLinksSection = ComponentType<{ orderId: string; canEdit: boolean }>;
/** The order's files (issue 15/17), handed in by the router like the links. */
export type DocumentsSection = ComponentType<{ orderId: string; canEdit: boolean }>;
/** The order as PDF or Word, and by e-mail (issue 17), handed in by the route like the examination result. */
export type ExportActionsSection = ComponentType<{ orderId: string; status: Order['status']; patientEmail: string | null }>;

/** What a category of order holds beyond the examination's fields (a vaccination's vaccine and dose, issue 50; lab tests, issue 51), handed in by the route. */
export type CategoryDetailsSection = ComponentType<{ order: Order }>;
/** A lab or imaging order's results (decision 046), handed in by the route; it shows nothing for another category. */
export type ResultsSection = ComponentType<{ order: Order; asStaff: boolean }>;

/** Spec §2 /all-orders/{id}: everything about one booking, its tracking link and the actions the server allows. */
export function OrderDetailPage({
  examResult: ExamResult,
  documents: Documents,
  documentLinks: DocumentLinks,
  exportActions: ExportActions,
  categoryDetails: CategoryDetails,
  results: Results,
}: {
  examResult?: ExamResultSection;
  documents?: DocumentsSection;
  documentLinks?: DocumentLinksSection;
  exportActions?: ExportActionsSection;
  categoryDetails?: CategoryDetailsSection;
  results?: ResultsSection;
} = {}) {
  const { t } = useTranslation('orders');
  usePageTitle(t('detail.pageTitle'));
  const { id = '' } = useParams();
  const user = useAuthStore((state) => state.user);
  const detail = useOrderDetail(id);

  const back = (
    <Button component={Link} to={paths.applicationList} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
      {t('detail.back')}
    </Button>
  );

  if (isNotFound(detail.error)) {
    return <NotFoundScreen title={t('detail.notFoundTitle')} text={t('detail.notFoundText')} action={back} />;
  }

  const order = detail.data;
  const asDoctor =
    !!order && !!user && (order.doctor?.id === user.userId || (user.jobId === DOCTOR_JOB_ID && order.userId !== user.userId));
  const patient = order?.infomation;
  const isVaccination = order?.category === 'vaccine';
  // Who serves the order and whom it is for, in its category's words (a lab test's staff, not a doctor).
  const words = CATEGORY_WORDS[order?.category ?? 'exam'];
  // A lab or imaging order has results instead of an examination's diagnosis (decision 046).
  const hasResults = !!order && isResultCategory(order.category);
  // An examination's own parts (its mode, specialty, result and its export) are no other category's (issues 50, 51).
  const isExam = order?.category === 'exam';
  // Only an examination and a vaccination hold their doctor's time (the domain's CALENDAR_CATEGORIES); lab tests hold a
  // counted place (decision 044): no working time to fall outside of, no earlier slot of that person to wait for.
  const holdsPlace = !!order && !isExam && !isVaccination;
  // The booking's patient and its doctor change its files and links; anyone else who sees the order reads them.
  const canEditDocuments = !!order && !!user && (order.doctor?.id === user.userId || order.userId === user.userId);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>{back}</Group>
        {!order ? (
          detail.error ? (
            <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
          ) : (
            <LoadingState />
          )
        ) : (
          <>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Title order={1}>
                {t('detail.pageTitle')} {order.code}
              </Title>
              <OrderStatusBadge status={order.status} mode={order.mode} category={order.category} />
            </Group>
            {/* Outside the doctor's working time (a day off, hours changed; decision 047): someone has to move or cancel it. */}
            {order.outsideWorkTime && !holdsPlace && isActiveOrder(order.status) && (
              <Alert color="yellow" icon={<IconAlertTriangle aria-hidden="true" />}>
                {t(asDoctor ? 'detail.outsideWorkTimeDoctor' : 'detail.outsideWorkTime')}
              </Alert>
            )}
            {user && <OrderActions order={order} userId={user.userId} asDoctor={asDoctor} />}
            {/* An earlier slot with the same doctor: the booking's patient, while it is to come (issue 12). */}
            {user &&
              order.userId === user.userId &&
              !asDoctor &&
              order.doctor &&
              !holdsPlace &&
              isActiveOrder(order.status) &&
              order.actions.cancel && <EarlierSlot order={order} />}

            <Paper withBorder radius="lg" p="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {t('detail.booking')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <DetailRow label={t('common.code')}>{order.code}</DetailRow>
                  {/* A booking the doctor made for the patient (kind 2, decision 027), e.g. the re-examination. */}
                  {order.kind === ORDER_KIND.doctor && <DetailRow label={t('kind.label')}>{t('kind.2')}</DetailRow>}
                  {/* A vaccination is given in person, by the vaccination specialty: its service says both. */}
                  {isExam && <DetailRow label={t('common.mode')}>{t(`mode.${order.mode}`)}</DetailRow>}
                  <DetailRow label={t('common.date')}>{formatInstant(order.startsAt)}</DetailRow>
                  <DetailRow label={t('common.hour')}>
                    {formatInstant(order.startsAt, 'HH:mm')} – {formatInstant(order.endsAt, 'HH:mm')}
                  </DetailRow>
                  <DetailRow label={t('common.service')}>{t(`category.${order.category}`)}</DetailRow>
                  {CategoryDetails && <CategoryDetails order={order} />}
                  {isExam && <DetailRow label={t('common.specialty')}>{order.specialty?.name}</DetailRow>}
                  <DetailRow label={t('detail.examType')}>{order.examType?.name}</DetailRow>
                  <DetailRow label={t(words.staff)}>{order.doctor?.fullName ?? t('common.noDoctor')}</DetailRow>
                  {order.mode === 'online' ? (
                    <DetailRow label={t('detail.meetingLink')}>
                      {order.meetingLink && order.status === ORDER_STATUS.verified ? (
                        <Anchor href={order.meetingLink} target="_blank" rel="noopener noreferrer">
                          {order.meetingLink}
                        </Anchor>
                      ) : order.status === ORDER_STATUS.booked ? (
                        t('detail.meetingPending')
                      ) : (
                        order.meetingLink
                      )}
                    </DetailRow>
                  ) : (
                    <DetailRow label={t('detail.place')}>
                      {order.workUnit ? `${order.workUnit.name} — ${order.workUnit.address}` : null}
                    </DetailRow>
                  )}
                  <DetailRow label={t('detail.reason')}>{order.reasonForExamination}</DetailRow>
                  <DetailRow label={t('detail.note')}>{order.note}</DetailRow>
                  <DetailRow label={t('detail.cancelReason')}>{order.cancelReason}</DetailRow>
                </SimpleGrid>
              </Stack>
            </Paper>

            {patient && (
              <Paper withBorder radius="lg" p="lg">
                <Stack gap="md">
                  <Title order={2} size="h4">
                    {t(words.person)}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <DetailRow label={t('detail.fullName')}>{patient.fullName}</DetailRow>
                    <DetailRow label={t('detail.phone')}>
                      {patient.callingCodes === VN_CALLING_CODE ? patient.phone : `${patient.callingCodes} ${patient.phone}`}
                    </DetailRow>
                    <DetailRow label={t('detail.dateOfBirth')}>{formatCalendarDay(patient.dateOfBirth, DATE_LIST_FORMAT)}</DetailRow>
                    <DetailRow label={t('detail.gender')}>{t(`gender.${patient.gender}`)}</DetailRow>
                    <DetailRow label={t('detail.email')}>{patient.email}</DetailRow>
                    <DetailRow label={t('detail.address')}>{patient.address}</DetailRow>
                  </SimpleGrid>
                  {/* A relative typed in by hand, kept as a profile I manage (issue 14). */}
                  {!asDoctor && canKeepPatient(order, user?.userId) && <KeepPatient orderId={order.id} />}
                </Stack>
              </Paper>
            )}

            {/* The examination result: diagnosis, prescriptions, re-exam date, advice (issue 17); the doctor writes it from here. */}
            {/* A vaccination has no diagnosis: its dose goes into the person's vaccination history when it is completed. */}
            {ExamResult && isExam && order.status !== ORDER_STATUS.cancelled && (
              <ExamResult orderId={order.id} mode={order.mode} asDoctor={asDoctor} />
            )}
            {Results && hasResults && order.status !== ORDER_STATUS.cancelled && (
              <Results order={order} asStaff={!!user && order.doctor?.id === user.userId} />
            )}

            {/* The order's files and links to documents kept elsewhere (issues 15, 17): the booking's patient and its doctor add
                and remove them; whoever else sees the order reads them. */}
            {(Documents || DocumentLinks) && order.status !== ORDER_STATUS.cancelled && (
              <Paper withBorder radius="lg" p="lg">
                <Stack gap="lg">
                  {Documents && <Documents orderId={order.id} canEdit={canEditDocuments} />}
                  {DocumentLinks && <DocumentLinks orderId={order.id} canEdit={canEditDocuments} />}
                </Stack>
              </Paper>
            )}

            {/* The order as a file and by e-mail (issue 17): an examination's, once its result is written (issue 54 item 21). */}
            {ExportActions && isExam && <ExportActions orderId={order.id} status={order.status} patientEmail={order.infomation.email} />}

            {/* When to be reminded: the booking's patient, while it is active (issue 12). */}
            {user && order.userId === user.userId && !asDoctor && isActiveOrder(order.status) && <ReminderSettings orderId={order.id} />}

            <Paper withBorder radius="lg" p="lg">
              <Stack gap="md">
                <TrackingLink secureCode={order.secureCode} />
                {/* A cancelled or finished booking is nothing to put in a calendar. */}
                {isActiveOrder(order.status) && (
                  <Group>
                    <CalendarLink orderId={order.id} />
                  </Group>
                )}
              </Stack>
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
