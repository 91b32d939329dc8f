import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import '../styles.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type PasswordFieldProps = Omit<PasswordInputProps, 'label' | 'autoComplete'> & {
  /** Which password it is: names its label. */
  field: 'password' | 'currentPassword' | 'newPassword' | 'rePassword';
  /** The one a password manager fills in, or a new one it may offer to make. */
  autoComplete: 'current-password' | 'new-password';
};

/** A password of login, sign-up, the forgotten password or the password change: mandatory (the "Mandatory" tag). */
export function PasswordField({ field, ...props }: PasswordFieldProps) {
  const { t } = useTranslation('accounts');
  return <PasswordInput {...props} label={<FieldLabel required>{t(`fields.${field}`)}</FieldLabel>} required withAsterisk={false} />;
}
