import { TextInput, type TextInputProps } from '@mantine/core';
import '../styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { requiredField } from '../../../components/ui/required-field.tsx';

/*
 * The sign-in details of login, sign-up and the forgotten password (the passwords: `password-field.tsx`, its own module
 * so that the password change does not carry these): mandatory (the "Mandatory" tag), with their keyboard and the
 * browser's autofill hint; each form passes its own props (`form.getInputProps(…)`, a description).
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
  return <TextInput {...props} {...CONTACT_INPUTS[field]} {...requiredField(<>{t(`fields.${field}`)}</>)} />;
}
