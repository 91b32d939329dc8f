import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { useQueryClient } from '@tanstack/react-query';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { Suspense, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { ReminderChips, useReminderList } from '../../../components/ui/reminder-chips.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { saveOrderReminders, useOrderReminders } from '../reminders-api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * On a booking's page, for its patient while it is active: when to be reminded of it, by the channels chosen on
 * /infouser/. "Theo mặc định của tôi" follows the person's default lead times; otherwise up to three of its own.
 */
export function ReminderSettings({ orderId }: { orderId: string }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Suspense fallback={<LoadingState minHeight={120} />}>
        <ReminderSection orderId={orderId} />
      </Suspense>
    </Paper>
  );
}

function ReminderSection({ orderId }: { orderId: string }) {
  const { t } = useTranslation('reminders');
  const reminders = useOrderReminders(orderId);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('settings.title')}
      </Title>
      {reminders.data ? (
        <ReminderForm key={JSON.stringify(reminders.data)} orderId={orderId} saved={reminders.data} />
      ) : reminders.isError ? (
        <ErrorState message={reminders.error.message} onRetry={() => void reminders.refetch()} />
      ) : (
        <LoadingState minHeight={120} />
      )}
    </Stack>
  );
}

function ReminderForm({ orderId, saved }: { orderId: string; saved: { minutes: number[] | null; defaults: number[] } }) {
  const { t } = useTranslation('reminders');
  const queryClient = useQueryClient();
  const list = useReminderList();
  const [followDefault, setFollowDefault] = useState(saved.minutes === null);
  const [minutes, setMinutes] = useState<number[]>(saved.minutes ?? saved.defaults);

  const save = useFormMutation({
    mutationFn: () => saveOrderReminders(orderId, followDefault ? null : minutes),
    onSuccess: async () => {
      showSuccess(t('settings.saved'));
      await queryClient.invalidateQueries({ queryKey: ['reminders', 'order'] });
    },
    // The server's message is in the language the app sent (Accept-Language).
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <Checkbox
          label={t('settings.followDefault')}
          description={t('settings.followDefaultHint', { list: list(saved.defaults) })}
          checked={followDefault}
          onChange={(event) => setFollowDefault(event.currentTarget.checked)}
        />
        {!followDefault && <ReminderChips label={t('settings.orderLabel')} value={minutes} onChange={setMinutes} />}
        <Text size="xs" c="dimmed">
          {t('settings.orderHint')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
