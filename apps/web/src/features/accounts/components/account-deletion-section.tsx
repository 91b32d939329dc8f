import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { ACCOUNT_DELETION_GRACE_DAYS, deletionEraseAfter } from '@rhc/domain';
import type { AccountDeletion } from '@rhc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { keepAccount, requestAccountDeletion, useAccountDeletion } from '../deletion-api.ts';
import { FormSection } from './form-section.tsx';

const DAY_FORMAT = 'DD/MM/YYYY';

/**
 * /infouser/ "Xóa tài khoản của tôi" (issue 53, decision 052): what happens and when, a red confirmation, then the
 * pending state with its day and "Giữ tài khoản". Loaded with its strings only when the page shows it.
 */
export function AccountDeletionSection({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<LoadingState minHeight={120} />}>
      <DeletionState userId={userId} />
    </Suspense>
  );
}

function DeletionState({ userId }: { userId: string }) {
  const { t } = useTranslation(['account-deletion', 'common']);
  const state = useAccountDeletion(userId);
  const queryClient = useQueryClient();
  const failed = (failure: unknown) => showError(failure instanceof ApiError ? failure.message : t('section.error'));
  const settle = (next: AccountDeletion) => queryClient.invalidateQueries({ queryKey: ['accountDeletion'] }).then(() => next);
  const request = useMutation({
    mutationFn: () => requestAccountDeletion(userId).then(settle),
    onSuccess: (next) => next.state === 'pending' && showSuccess(t('done.requested', { day: formatInstant(next.eraseAfter, DAY_FORMAT) })),
    onError: failed,
  });
  const keep = useMutation({
    mutationFn: () => keepAccount(userId).then(settle),
    onSuccess: () => showSuccess(t('done.kept')),
    onError: failed,
  });

  if (state.isError) return <ErrorState message={state.error.message} onRetry={() => void state.refetch()} />;
  if (!state.data) return <LoadingState minHeight={120} />;

  const ask = () =>
    openDeleteConfirm({
      title: t('confirm.title'),
      message: t('confirm.text', { day: formatInstant(deletionEraseAfter(new Date()), DAY_FORMAT) }),
      confirm: t('confirm.submit'),
      cancel: t('confirm.cancel'),
      onConfirm: () => request.mutate(),
    });

  return (
    <FormSection title={t('section.title')}>
      {state.data.state === 'pending' ? (
        <Alert color="red" title={t('pending.title', { day: formatInstant(state.data.eraseAfter, DAY_FORMAT) })}>
          <Stack gap="sm">
            <Text size="sm">
              {t('pending.text', {
                day: formatInstant(state.data.eraseAfter, DAY_FORMAT),
                asked: formatInstant(state.data.requestedAt, DAY_FORMAT),
              })}
            </Text>
            <Group>
              <Button onClick={() => keep.mutate()} loading={keep.isPending}>
                {t('pending.keep')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('section.intro', { days: ACCOUNT_DELETION_GRACE_DAYS })}</Text>
          <Text size="sm">{t('section.erased')}</Text>
          <Text size="sm">{t('section.kept')}</Text>
          <Group justify="flex-end">
            <Button color="red" variant="outline" onClick={ask} loading={request.isPending}>
              {t('section.start')}
            </Button>
          </Group>
        </Stack>
      )}
    </FormSection>
  );
}
