import { Alert, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { AppLanguageSchema, EmailSchema, type SentMailBody } from '@rhc/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { sendOrderByMail } from '../api.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

type Language = SentMailBody['language'] & string;

/**
 * Sends the order's PDF by e-mail: to the patient's address on the booking, or another one typed here, in a language
 * chosen here (the app's by default). The server queues it; a refusal (too many in an hour) is shown in the dialog.
 */
export function SendMailDialog({ orderId, patientEmail, onClose }: { orderId: string; patientEmail: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['exports', 'errors']);
  const appLanguage = AppLanguageSchema.safeParse(i18n.language);
  const [recipient, setRecipient] = useState<'patient' | 'other'>(patientEmail ? 'patient' : 'other');
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Language>(appLanguage.success ? appLanguage.data : 'vi');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    let typed: string | undefined;
    if (recipient === 'other') {
      const parsed = EmailSchema.safeParse(email);
      if (!parsed.success) {
        setFieldError(t(`errors:${parsed.error.issues[0]?.message ?? 'validation.email_invalid'}` as 'errors:validation.email_invalid'));
        return;
      }
      typed = parsed.data;
    }
    setFieldError(null);
    setSending(true);
    try {
      await sendOrderByMail({ orderId, language, ...(typed ? { email: typed } : {}) });
      showSuccess(t('exports:dialog.sent'));
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? error.details?.find((detail) => detail.field === 'body.email') : undefined;
      if (field) setFieldError(field.message);
      else setFailure(error instanceof ApiError ? error.message : t('exports:dialog.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('exports:dialog.title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {patientEmail ? (
            <Radio.Group
              label={t('exports:dialog.recipient')}
              value={recipient}
              onChange={(value) => setRecipient(value === 'other' ? 'other' : 'patient')}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="patient"
                  label={t('exports:dialog.own', { email: patientEmail })}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
                <Radio value="other" label={t('exports:dialog.other')} />
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm">{t('exports:dialog.noPatientEmail')}</Text>
          )}
          {recipient === 'other' && (
            <TextInput
              type="email"
              label={<FieldLabel required>{t('exports:dialog.email')}</FieldLabel>}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldError}
              autoComplete="email"
              required
              withAsterisk={false}
              data-autofocus
            />
          )}
          <NativeSelect
            label={t('exports:dialog.language')}
            value={language}
            onChange={(event) => {
              const chosen = AppLanguageSchema.safeParse(event.currentTarget.value);
              if (chosen.success) setLanguage(chosen.data);
            }}
            data={AppLanguageSchema.options.map((value) => ({ value, label: t(`exports:languages.${value}`) }))}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <FormActions
            cancelLabel={t('exports:dialog.cancel')}
            onCancel={onClose}
            submitLabel={t('exports:dialog.send')}
            pending={sending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
