import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import '../styles.ts';
import { VerifyOrderBodySchema, type Order } from '@rhc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconCircleCheck, IconEdit, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldErrorText, schemaErrors, serverFieldErrors } from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { cancelOrder, completeOrder, deleteOrder, orderDetailQuery, refreshOrders, verifyOrder } from '../api.ts';

type Action = 'verify' | 'complete' | 'cancel' | 'delete';

type OrderActionsProps = {
  order: Order;
  /** The person logged in, who acts. */
  userId: string;
  /** Whether the person acts as the order's doctor: a doctor must give a reason to cancel. */
  asDoctor: boolean;
  /** After a delete: the order is gone, so the page leaves it. */
  onDeleted: () => void;
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
  delete: {
    title: 'actions.deleteTitle',
    message: 'actions.deleteMessage',
    confirm: 'actions.delete',
    done: 'actions.deleted',
    color: 'red',
  },
} as const;

/**
 * The buttons the server allows on this order (its `actions`), each behind a confirmation (spec §4). A conflict
 * (the order changed meanwhile, or has started) shows the server's message and reloads the order.
 */
export function OrderActions({ order, userId, asDoctor, onDeleted }: OrderActionsProps) {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Action | null>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const close = () => {
    setOpen(null);
    setText('');
    setFieldError(undefined);
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
        case 'delete':
          return deleteOrder(userId, order.id);
      }
    },
    onSuccess: async (_data, action) => {
      showSuccess(t(DIALOG[action].done));
      close();
      if (action === 'delete') {
        queryClient.removeQueries({ queryKey: orderDetailQuery(order.id).queryKey });
        onDeleted();
      }
      await refreshOrders(queryClient);
    },
    onError: async (error) => {
      const fields = serverFieldErrors(error);
      const fieldMessage = fields.meetingLink ?? fields.reason;
      if (fieldMessage) {
        setFieldError(fieldMessage);
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
  if (!actions.edit && !actions.verify && !actions.complete && !actions.cancel && !actions.delete) return null;
  const editPath = generatePath(order.mode === 'online' ? paths.healthcareOnlineEdit : paths.healthcareEdit, { id: order.id });
  const dialog = open ? DIALOG[open] : null;

  return (
    <>
      <Group gap="sm" wrap="wrap">
        {actions.verify && (
          <Button color="teal" leftSection={<IconCheck size={18} aria-hidden="true" />} onClick={() => setOpen('verify')}>
            {t('actions.verify')}
          </Button>
        )}
        {actions.complete && (
          <Button color="green" leftSection={<IconCircleCheck size={18} aria-hidden="true" />} onClick={() => setOpen('complete')}>
            {t('actions.complete')}
          </Button>
        )}
        {actions.edit && (
          <Button component={Link} to={editPath} variant="light" leftSection={<IconEdit size={18} aria-hidden="true" />}>
            {t('actions.edit')}
          </Button>
        )}
        {actions.cancel && (
          <Button color="red" variant="light" leftSection={<IconX size={18} aria-hidden="true" />} onClick={() => setOpen('cancel')}>
            {t('actions.cancel')}
          </Button>
        )}
        {actions.delete && (
          <Button color="red" variant="outline" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => setOpen('delete')}>
            {t('actions.delete')}
          </Button>
        )}
      </Group>
      <Modal opened={dialog !== null} onClose={close} title={dialog ? t(dialog.title) : ''} centered>
        {dialog && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="md">
              <Text size="sm">{t(dialog.message)}</Text>
              {open === 'verify' && order.mode === 'online' && (
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
              {open === 'cancel' && (
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
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close} disabled={mutation.isPending}>
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
