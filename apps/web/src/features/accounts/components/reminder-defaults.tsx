import { Button, Group, Stack } from '@mantine/core';
import '../styles.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { Suspense, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { ReminderChips } from '../../../components/ui/reminder-chips.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { saveReminderDefaults, useReminderDefaults } from '../reminders-api.ts';
import { FormSection } from './form-section.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** /infouser/ "Nhắc lịch khám mặc định": the lead times every booking that does not choose its own is reminded at. */
export function ReminderDefaults({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<LoadingState minHeight={120} />}>
      <DefaultsSection userId={userId} />
    </Suspense>
  );
}

function DefaultsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('reminders');
  const defaults = useReminderDefaults(userId);
  if (defaults.isError) return <ErrorState message={defaults.error.message} onRetry={() => void defaults.refetch()} />;
  if (!defaults.data) return <LoadingState minHeight={120} />;
  return (
    <FormSection title={t('settings.defaultTitle')} text={t('settings.defaultText')}>
      <DefaultsForm key={JSON.stringify(defaults.data)} userId={userId} saved={defaults.data.minutes} />
    </FormSection>
  );
}

function DefaultsForm({ userId, saved }: { userId: string; saved: number[] }) {
  const { t } = useTranslation('reminders');
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState<number[]>(saved);
  const save = useFormMutation({
    mutationFn: () => saveReminderDefaults(userId, minutes),
    onSuccess: async () => {
      showSuccess(t('settings.saved'));
      // A booking that follows the default shows it too.
      await queryClient.invalidateQueries({ queryKey: ['reminders'] });
    },
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
        <ReminderChips label={t('settings.defaultLabel')} value={minutes} onChange={setMinutes} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
