import { Alert, Anchor, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { VerifyOrderBodySchema, type Order } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, isActiveOrder } from '@rhc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconCircleCheck, IconClock, IconEdit, IconPhone, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { fieldErrorText, schemaErrors, serverFieldErrors } from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { cancelOrder, completeOrder, refreshOrders, verifyOrder } from '../api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type Action = 'verify' | 'complete' | 'cancel';

type OrderActionsProps = {
  order: Order;
  /** The person logged in, who acts. */
  userId: string;
  /** Whether the person acts as the order's doctor: a doctor must give a reason to cancel. */
  asDoctor: boolean;
};

const DIALOG = {
  verify: {
    title: 'actions.verifyTitle',
    message: 'actions.verifyMessage',
    confirm: 'actions.verify',
    done: 'actions.verified',
    color: 'teal',
  },
  complete: {
    title: 'actions.completeTitle',
    message: 'actions.completeMessage',
    confirm: 'actions.complete',
    done: 'actions.completed',
    color: 'green',
  },
  cancel: {
    title: 'actions.cancelTitle',
    message: 'actions.cancelMessage',
    confirm: 'actions.cancel',
    done: 'actions.cancelled',
    color: 'red',
  },
} as const;

/** Minutes between the deadline and the start: the clinic's cut-off as this booking knows it. */
function cutoffMinutesOf(order: Order): number {
  return order.changeableUntil ? Math.round((Date.parse(order.startsAt) - Date.parse(order.changeableUntil)) / 60_000) : 0;
}

/**
 * The patient's window to change or cancel online (decision 020): until when, or, past the clinic's cut-off, the
 * clinic's phone to call instead. Nothing for the doctor, who is not bound by it, nor for a finished booking.
 */
export function ChangeWindow({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const active = isActiveOrder(order.status);
  if (!active || !order.changeableUntil) return null;
  if (order.actions.edit || order.actions.cancel)
    return (
      <Text size="sm" c="dimmed" data-testid="change-window">
        <IconClock size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} />
        {t('actions.changeUntil', {
          hour: formatInstant(order.changeableUntil, 'HH:mm'),
          day: formatInstant(order.changeableUntil, DATE_INPUT_FORMAT),
        })}
      </Text>
    );
  return (
    <Alert color="orange" icon={<IconPhone aria-hidden="true" />} data-testid="change-window">
      {t('actions.changeClosed', {
        cutoff:
          cutoffMinutesOf(order) % 60 === 0
            ? t('actions.cutoffHours', { count: cutoffMinutesOf(order) / 60 })
            : t('actions.cutoffMinutes', { count: cutoffMinutesOf(order) }),
      })}{' '}
      {order.clinicPhone ? (
        <>
          {t('actions.callClinic')}{' '}
          <Anchor href={`tel:${order.clinicPhone}`} fw={600}>
            {order.clinicPhone}
          </Anchor>
        </>
      ) : (
        t('actions.callClinicNoPhone')
      )}
    </Alert>
  );
}

/**
 * The buttons the server allows on this order (its `actions`), each behind a confirmation (spec §4). A conflict
 * (the order changed meanwhile, or has started) shows the server's message and reloads the order.
 */
export function OrderActions({ order, userId, asDoctor }: OrderActionsProps) {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Action | null>(null);
  // The dialog last opened keeps its title and text while it fades out (a nameless dialog is never shown).
  const [last, setLast] = useState<Action>('verify');
  const openDialog = (action: Action) => {
    setLast(action);
    setOpen(action);
  };
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  // Closing with something typed (a reason, a link) asks first: Esc or a click outside must not lose it.
  const [askDiscard, setAskDiscard] = useState(false);
  // Issue 17: a doctor not verified, or without a licence number, cannot confirm an online booking — told why, and where to add it.
  const [writerRefusal, setWriterRefusal] = useState<ApiError | null>(null);

  const close = () => {
    setWriterRefusal(null);
    setOpen(null);
    setText('');
    setFieldError(undefined);
    setAskDiscard(false);
  };
  const requestClose = () => {
    if (mutation.isPending) return;
    if (text.trim() && !askDiscard) setAskDiscard(true);
    else close();
  };

  const mutation = useMutation({
    mutationFn: async (action: Action): Promise<unknown> => {
      const value = text.trim();
      switch (action) {
        case 'verify':
          return verifyOrder(userId, order.id, value || undefined);
        case 'complete':
          return completeOrder(userId, order.id);
        case 'cancel':
          return cancelOrder(userId, order.id, value || undefined);
      }
    },
    onSuccess: async (_data, action) => {
      showSuccess(t(DIALOG[action].done));
      close();
      await refreshOrders(queryClient);
    },
    onError: async (error) => {
      const fields = serverFieldErrors(error);
      const fieldMessage = fields.meetingLink ?? fields.reason;
      if (fieldMessage) {
        setFieldError(fieldMessage);
        return;
      }
      if (error instanceof ApiError && (error.code === 'DOCTOR_LICENCE_REQUIRED' || error.code === 'DOCTOR_NOT_VERIFIED')) {
        setWriterRefusal(error);
        return;
      }
      showError(error.message);
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        close();
        await refreshOrders(queryClient);
      }
    },
  });

  const submit = () => {
    if (!open) return;
    const value = text.trim();
    if (open === 'verify' && value) {
      const errors = schemaErrors(VerifyOrderBodySchema, { meetingLink: value });
      if (errors.meetingLink) return setFieldError(errors.meetingLink);
    }
    if (open === 'cancel' && asDoctor && !value) return setFieldError(t('actions.reasonRequired'));
    mutation.mutate(open);
  };

  const { actions } = order;
  // A patient's booking past the cut-off offers nothing, but says whom to call.
  const changeWindow = asDoctor ? null : <ChangeWindow order={order} />;
  // "Xóa" is no action of a doctor on a patient's booking (decision 020): they cancel it with a reason.
  if (!actions.edit && !actions.verify && !actions.complete && !actions.cancel) return changeWindow;
  // A vaccination (issue 50), lab tests and a scan (issue 51) are changed on their own forms; an examination on the form of its mode.
  const editRoute =
    order.category === 'vaccine'
      ? paths.vaccineOrderEdit
      : order.category === 'lab'
        ? paths.diagnosticTestEdit
        : order.category === 'imaging'
          ? paths.imagingEdit
          : order.mode === 'online'
            ? paths.healthcareOnlineEdit
            : paths.healthcareEdit;
  const editPath = generatePath(editRoute, { id: order.id });
  const dialog = DIALOG[open ?? last];
  const kind = open ?? last;

  return (
    <>
      {changeWindow}
      <Group gap="sm" wrap="wrap">
        {actions.verify && (
          <Button color="teal" leftSection={<IconCheck size={18} aria-hidden="true" />} onClick={() => openDialog('verify')}>
            {t('actions.verify')}
          </Button>
        )}
        {actions.complete && (
          <Button color="green" leftSection={<IconCircleCheck size={18} aria-hidden="true" />} onClick={() => openDialog('complete')}>
            {t('actions.complete')}
          </Button>
        )}
        {actions.edit && (
          <Button component={Link} to={editPath} variant="light" leftSection={<IconEdit size={18} aria-hidden="true" />}>
            {t('actions.edit')}
          </Button>
        )}
        {actions.cancel && (
          <Button color="red" variant="light" leftSection={<IconX size={18} aria-hidden="true" />} onClick={() => openDialog('cancel')}>
            {t('actions.cancel')}
          </Button>
        )}
      </Group>
      <Modal opened={open !== null} onClose={requestClose} title={askDiscard ? t('actions.discardTitle') : t(dialog.title)} centered>
        {askDiscard && (
          <Stack gap="md">
            <Text size="sm">{t('actions.discardMessage')}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" data-autofocus onClick={() => setAskDiscard(false)}>
                {t('actions.keepEditing')}
              </Button>
              <Button color="red" onClick={close}>
                {t('actions.discard')}
              </Button>
            </Group>
          </Stack>
        )}
        {!askDiscard && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="md">
              <Text size="sm">{t(dialog.message)}</Text>
              {kind === 'verify' && order.mode === 'online' && (
                <TextInput
                  data-autofocus
                  label={t('actions.meetingLink')}
                  description={t('actions.meetingLinkHint')}
                  type="url"
                  placeholder="https://"
                  value={text}
                  onChange={(event) => {
                    setText(event.currentTarget.value);
                    setFieldError(undefined);
                  }}
                  error={fieldErrorText(fieldError)}
                />
              )}
              {kind === 'cancel' && (
                <Textarea
                  data-autofocus
                  label={<FieldLabel required={asDoctor}>{t('actions.reason')}</FieldLabel>}
                  required={asDoctor}
                  withAsterisk={false}
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={text}
                  onChange={(event) => {
                    setText(event.currentTarget.value);
                    setFieldError(undefined);
                  }}
                  error={fieldErrorText(fieldError)}
                />
              )}
              {writerRefusal && (
                <Alert color="orange" role="alert" data-testid="writer-refusal">
                  <Stack gap={4}>
                    <Text size="sm">{writerRefusal.message}</Text>
                    {writerRefusal.code === 'DOCTOR_LICENCE_REQUIRED' && (
                      <Anchor component={Link} to={`${paths.userInfo}#licence`} size="sm" fw={600}>
                        {t('actions.addLicence')}
                      </Anchor>
                    )}
                  </Stack>
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={requestClose} disabled={mutation.isPending}>
                  {t('actions.no')}
                </Button>
                <Button type="submit" color={dialog.color} loading={mutation.isPending}>
                  {t(dialog.confirm)}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
