import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { NotificationPreferences as Preferences } from '@rhc/contracts';
import { isLanguage, LANGUAGES, type Language } from '@rhc/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { Suspense, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { showSuccess } from '../../../lib/toast.ts';
import { saveNotificationPreferences, useNotificationPreferences } from '../api.ts';
import { FormSection } from './form-section.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Each language is named in itself, so a person finds their own whatever the current language. */
const LANGUAGE_NAMES: Record<Language, string> = { vi: 'Tiếng Việt', en: 'English', zh: '中文' };

/**
 * /infouser/ "Thông báo": SMS and/or e-mail (at least one) and the language of the person's booking messages. Its
 * strings (the `notifications` namespace) load on their own: the rest of the page does not wait for them.
 */
export function NotificationPreferences({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<LoadingState minHeight={160} />}>
      <PreferencesSection userId={userId} />
    </Suspense>
  );
}

function PreferencesSection({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const preferences = useNotificationPreferences(userId);
  if (preferences.isError) return <ErrorState message={preferences.error.message} onRetry={() => void preferences.refetch()} />;
  if (!preferences.data) return <LoadingState minHeight={160} />;
  return (
    <FormSection title={t('preferences.title')} text={t('preferences.text')}>
      <PreferencesForm key={JSON.stringify(preferences.data)} userId={userId} saved={preferences.data} />
    </FormSection>
  );
}

function PreferencesForm({ userId, saved }: { userId: string; saved: Preferences }) {
  const { t } = useTranslation(['notifications', 'errors']);
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ sms: saved.sms, email: saved.email, language: saved.language });
  const [channelError, setChannelError] = useState<string | null>(null);

  const save = useFormMutation({
    mutationFn: () => saveNotificationPreferences(userId, values),
    onSuccess: async () => {
      showSuccess(t('preferences.saved'));
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'notificationPreferences'] });
    },
    // The server's message is in the language the app sent (Accept-Language).
  });

  const toggle = (channel: 'sms' | 'email', on: boolean) => {
    setChannelError(null);
    setValues((current) => ({ ...current, [channel]: on }));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!values.sms && !values.email) setChannelError(t('errors:NOTIFICATION_CHANNEL_REQUIRED'));
        else save.mutate();
      }}
    >
      <Stack gap="md">
        <Checkbox.Group
          label={t('preferences.channels')}
          value={[...(values.sms ? ['sms'] : []), ...(values.email ? ['email'] : [])]}
          error={channelError}
          onChange={(selected) => {
            toggle('sms', selected.includes('sms'));
            toggle('email', selected.includes('email'));
          }}
        >
          <Group gap="lg" mt={4}>
            <Checkbox value="sms" label={t('preferences.sms')} />
            <Checkbox value="email" label={t('preferences.email')} />
          </Group>
        </Checkbox.Group>
        {values.email && !saved.emailAvailable && (
          <Alert color="yellow" variant="light" role="status">
            {t('preferences.noEmail')}
          </Alert>
        )}
        <NativeSelect
          label={t('preferences.language')}
          value={values.language}
          data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          onChange={(event) => {
            const language = event.currentTarget.value;
            if (isLanguage(language)) setValues((current) => ({ ...current, language }));
          }}
        />
        <Text size="xs" c="dimmed">
          {t('preferences.languageHint')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('preferences.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
