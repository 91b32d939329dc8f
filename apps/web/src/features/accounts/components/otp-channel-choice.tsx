import { Group, Radio } from '@mantine/core';
import '../styles.ts';
import type { OtpChannel } from '../account-forms.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type OtpChannelChoiceProps = {
  value: OtpChannel;
  onChange: (channel: OtpChannel) => void;
  /** Only these channels, each with where the code would go (a step-up's masked destinations, decision 051). */
  destinations?: readonly { channel: OtpChannel; to: string }[];
};

/**
 * Spec §1: the code goes by SMS or by e-mail, as the person chooses (sign-up and password reset alike). Native radios:
 * the arrow keys move between them.
 */
export function OtpChannelChoice({ value, onChange, destinations }: OtpChannelChoiceProps) {
  const { t } = useTranslation('accounts');
  const shown: readonly { channel: OtpChannel; to?: string }[] = destinations ?? [{ channel: 'sms' }, { channel: 'email' }];
  return (
    <Radio.Group value={value} onChange={(next) => onChange(next === 'email' ? 'email' : 'sms')} label={t('otp.channel')}>
      <Group gap="lg" mt={8}>
        {shown.map(({ channel, to }) => {
          const label = t(channel === 'sms' ? 'otp.bySms' : 'otp.byEmail');
          return <Radio key={channel} value={channel} label={to ? `${label}: ${to}` : label} />;
        })}
      </Group>
    </Radio.Group>
  );
}
