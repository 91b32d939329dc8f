import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import '../styles.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/*
 * The sign-in details of login, sign-up, the forgotten password and the password change: mandatory (the "Mandatory"
 * tag), with their keyboard and the browser's autofill hint; each form passes its own props (`form.getInputProps(…)`,
 * a description, data-autofocus).
 */

/** How the browser helps with each: the keyboard and the autofill hint. */
const CONTACT_INPUTS = {
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
} as const;

type ContactFieldProps = Omit<TextInputProps, 'label' | 'type' | 'inputMode' | 'autoComplete'> & {
  /** The account's phone or its e-mail: names its label. */
  field: keyof typeof CONTACT_INPUTS;
};

export function ContactField({ field, ...props }: ContactFieldProps) {
  const { t } = useTranslation('accounts');
  return (
    <TextInput
      {...props}
      {...CONTACT_INPUTS[field]}
      label={<FieldLabel required>{t(`fields.${field}`)}</FieldLabel>}
      required
      withAsterisk={false}
    />
  );
}

type PasswordFieldProps = Omit<PasswordInputProps, 'label' | 'autoComplete'> & {
  /** Which password it is: names its label. */
  field: 'password' | 'currentPassword' | 'newPassword' | 'rePassword';
  /** The one a password manager fills in, or a new one it may offer to make. */
  autoComplete: 'current-password' | 'new-password';
};

export function PasswordField({ field, ...props }: PasswordFieldProps) {
  const { t } = useTranslation('accounts');
  return <PasswordInput {...props} label={<FieldLabel required>{t(`fields.${field}`)}</FieldLabel>} required withAsterisk={false} />;
}
