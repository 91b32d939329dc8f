import { Group, Radio } from '@mantine/core';
import '../styles.ts';
import type { OtpChannel } from '../account-forms.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type OtpChannelChoiceProps = {
  value: OtpChannel;
  onChange: (channel: OtpChannel) => void;
};

/**
 * Spec §1: the code goes by SMS or by e-mail, as the person chooses (sign-up and password reset alike). Native radios:
 * the arrow keys move between them.
 */
export function OtpChannelChoice({ value, onChange }: OtpChannelChoiceProps) {
  const { t } = useTranslation('accounts');
  return (
    <Radio.Group value={value} onChange={(next) => onChange(next === 'email' ? 'email' : 'sms')} label={t('otp.channel')}>
      <Group gap="lg" mt={8}>
        <Radio value="sms" label={t('otp.bySms')} />
        <Radio value="email" label={t('otp.byEmail')} />
      </Group>
    </Radio.Group>
  );
}
