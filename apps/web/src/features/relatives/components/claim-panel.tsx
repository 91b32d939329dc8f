import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { OtpCodeSchema, type ClaimableProfile, type ClaimBody } from '@rhc/contracts';
import { IconLink, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { schemaErrors } from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { claimProfile, refreshRelatives, sendClaimCode, useClaimableProfiles } from '../api.ts';
import { useLast } from '../../../hooks/use-last.ts';
import { sectionList } from '../sharing.ts';
import { SectionPicker } from './section-picker.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { requiredField } from '../../../components/ui/required-field.tsx';

/**
 * "Profiles kept for you" (decision 025): managed profiles others keep with my phone number. Shown only when there are
 * some; each can be linked to my account with a fresh code, a child's (under 16) stays with the guardian.
 */
export function ClaimPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('relatives');
  const claimable = useClaimableProfiles(userId);
  const [picked, setPicked] = useState<ClaimableProfile | null>(null);
  const profiles = claimable.data ?? [];
  if (profiles.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="claim-title" data-testid="claim-panel">
      <Stack gap="sm">
        <Title order={2} size="h4" id="claim-title">
          {t('claim.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('claim.intro')}
        </Text>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {profiles.map((profile) => (
            <li key={profile.id}>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={600}>{profile.fullName}</Text>
                  <Text size="sm" c="dimmed">
                    {t('claim.born', { day: formatCalendarDay(profile.dateOfBirth) })} ·{' '}
                    {t('claim.keptBy', { name: profile.manager.fullName })}
                  </Text>
                </Stack>
                {profile.claimable ? (
                  <Button
                    variant="light"
                    leftSection={<IconLink size={16} aria-hidden="true" />}
                    aria-label={t('claim.actionLabel', { name: profile.fullName })}
                    onClick={() => setPicked(profile)}
                  >
                    {t('claim.action')}
                  </Button>
                ) : (
                  <Text size="sm">{t('claim.child')}</Text>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
      <ClaimDialog profile={picked} onClose={() => setPicked(null)} />
    </Paper>
  );
}

function ClaimDialog({ profile: current, onClose }: { profile: ClaimableProfile | null; onClose: () => void }) {
  const { t } = useTranslation('relatives');
  const profile = useLast(current);
  return (
    <Modal opened={current !== null} onClose={onClose} title={t('claim.dialogTitle')} size="lg" centered>
      {profile && <ClaimForm key={profile.id} profile={profile} onDone={onClose} />}
    </Modal>
  );
}

function ClaimForm({ profile, onDone }: { profile: ClaimableProfile; onDone: () => void }) {
  const { t } = useTranslation('relatives');
  const queryClient = useQueryClient();
  const manager = profile.manager.fullName;
  const [sections, setSections] = useState<string[]>([]);
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  const send = useFormMutation({
    mutationFn: () => sendClaimCode(profile.id),
    onSuccess: (sent) => {
      setVerificationId(sent.verificationId);
      setCode('');
      setCodeError(undefined);
      showSuccess(t('claim.codeSent'));
    },
  });

  const claim = useMutation({
    mutationFn: (body: ClaimBody) => claimProfile(profile.id, body),
    onSuccess: async (result) => {
      showSuccess(t('claim.linked', { count: result.orders }));
      onDone();
      await Promise.all([refreshRelatives(queryClient), queryClient.invalidateQueries({ queryKey: ['orders'] })]);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code.startsWith('OTP_')) setCodeError(error.message);
      else showError(error.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!verificationId) return;
    const error = schemaErrors(OtpCodeSchema, code)[''];
    setCodeError(error);
    if (error) return;
    claim.mutate({ verificationId, code: code.trim(), managerSections: sections as ClaimBody['managerSections'] });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          <strong>{profile.fullName}</strong> · {t('claim.born', { day: formatCalendarDay(profile.dateOfBirth) })}
        </Text>
        <Text size="sm">{t('claim.explain', { manager })}</Text>
        <Stack gap={4}>
          <SectionPicker value={sections} onChange={setSections} label={t('claim.managerQuestion', { manager })} optional />
          <Text size="xs" c="dimmed">
            {t('claim.managerHint', { manager })}
          </Text>
        </Stack>
        {sections.length > 0 && (
          <Alert variant="light" color="blue" icon={<IconShieldCheck aria-hidden="true" />} title={t('consent.title')}>
            <Text size="sm" data-testid="claim-consent">
              {t('claim.consentText', { manager, sections: sectionList(t, sections) })}
            </Text>
          </Alert>
        )}
        <Text size="sm">{t('claim.codeHint')}</Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            {...requiredField(t('claim.code'))}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={codeError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            disabled={!verificationId}
            w={180}
          />
          <Button variant="default" onClick={() => send.mutate()} loading={send.isPending}>
            {verificationId ? t('claim.resend') : t('claim.sendCode')}
          </Button>
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('claim.cancel')}
          </Button>
          <Button type="submit" disabled={!verificationId} loading={claim.isPending}>
            {t('claim.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
