import { Badge, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import '../styles.ts';
import '@mantine/core/styles/List.layer.css';
import type { RecoveryCodes } from '@rhc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { FormSection } from '../components/form-section.tsx';
import { disableTwoStep, enableTwoStep, newRecoveryCodes, useTwoStep } from './api.ts';

/**
 * /infouser/ "Đăng nhập hai bước" (issue 53, decision 054): whether it is on, switching it on or off (off asks first),
 * the recovery codes shown once with Copy and Download, new codes, and how many are left. Switching and new codes need
 * a step-up proof: the step-up dialog appears by itself on 403 (decision 051). Loaded with its strings only here.
 */
export function TwoStepSection({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<LoadingState minHeight={120} />}>
      <TwoStepState userId={userId} />
    </Suspense>
  );
}

function TwoStepState({ userId }: { userId: string }) {
  const { t } = useTranslation(['two-step', 'common']);
  const state = useTwoStep(userId);
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const failed = (failure: unknown) => showError(failure instanceof ApiError ? failure.message : t('section.error'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['twoStep'] });
  const shown = (done: string) => async (answer: RecoveryCodes) => {
    setCodes(answer.recoveryCodes);
    showSuccess(done);
    await refresh();
  };
  const enable = useMutation({ mutationFn: () => enableTwoStep(userId), onSuccess: shown(t('done.enabled')), onError: failed });
  const renew = useMutation({ mutationFn: () => newRecoveryCodes(userId), onSuccess: shown(t('done.newCodes')), onError: failed });
  const disable = useMutation({
    mutationFn: () => disableTwoStep(userId),
    onSuccess: async () => {
      setCodes(null);
      showSuccess(t('done.disabled'));
      await refresh();
    },
    onError: failed,
  });

  if (state.isError) return <ErrorState message={state.error.message} onRetry={() => void state.refetch()} />;
  if (!state.data) return <LoadingState minHeight={120} />;
  const { enabled, recoveryCodesLeft, trustedDevices } = state.data;

  const askOff = () =>
    openDeleteConfirm({
      title: t('confirmOff.title'),
      message: t('confirmOff.text'),
      confirm: t('confirmOff.submit'),
      cancel: t('confirmOff.cancel'),
      onConfirm: () => disable.mutate(),
    });

  return (
    <FormSection title={t('section.title')}>
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={enabled ? 'teal.9' : 'gray.7'} variant="filled">
            {enabled ? t('section.on') : t('section.off')}
          </Badge>
        </Group>
        <Text size="sm">{t('section.intro')}</Text>
        {codes ? (
          <ShownCodes codes={codes} onSaved={() => setCodes(null)} />
        ) : enabled ? (
          <>
            <Text size="sm">{t('section.codesLeft', { count: recoveryCodesLeft })}</Text>
            <Text size="sm">{t('section.devices', { count: trustedDevices })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => renew.mutate()} loading={renew.isPending}>
                {t('section.newCodes')}
              </Button>
              <Button color="red" variant="outline" onClick={askOff} loading={disable.isPending}>
                {t('section.disable')}
              </Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            <Button onClick={() => enable.mutate()} loading={enable.isPending}>
              {t('section.enable')}
            </Button>
          </Group>
        )}
      </Stack>
    </FormSection>
  );
}

/** The recovery codes, this once: copied or downloaded as a .txt, then closed by "I saved them". */
function ShownCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation('two-step');
  const text = [t('codes.fileTitle'), '', ...codes, ''].join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('codes.fileName');
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm" p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text fw={600}>{t('codes.title')}</Text>
      <Text size="sm">{t('codes.intro')}</Text>
      <List aria-label={t('codes.listLabel')} listStyleType="none" ff="monospace" fz="md" spacing={4} style={{ columns: 2 }}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('codes.copied') : t('codes.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          {t('codes.download')}
        </Button>
      </Group>
      <Button onClick={onSaved}>{t('codes.saved')}</Button>
    </Stack>
  );
}
