import { TextInput, type TextInputProps } from '@mantine/core';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { todayInDisplayZone } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { DayInput, type DayInputProps } from '../ui/day-input.tsx';
import { FieldLabel } from '../ui/field-label.tsx';
import { requiredField } from '../ui/required-field.tsx';

/*
 * A person's mandatory details (spec §3), the same on sign-up, the profile, a managed profile and a booking for someone
 * else: their labels (the `person` namespace, with the "Mandatory" tag) and rules; each form passes its own props
 * (`form.getInputProps(…)`, autocomplete, a length limit).
 */

export function FullNameField(props: Omit<TextInputProps, 'label'>) {
  const { t } = useTranslation('person');
  return <TextInput {...props} label={<FieldLabel required>{t('fields.fullName')}</FieldLabel>} required withAsterisk={false} />;
}

/** The birthday: a day in the past, typed or picked. */
export function DateOfBirthField(props: Omit<DayInputProps, 'label' | 'maxDate'>) {
  const { t } = useTranslation('person');
  return <DayInput {...props} {...requiredField(t('fields.dateOfBirth'))} maxDate={todayInDisplayZone()} />;
}

export function AddressField(props: Omit<TextInputProps, 'label'>) {
  const { t } = useTranslation('person');
  return <TextInput {...props} label={<FieldLabel required>{t('fields.address')}</FieldLabel>} required withAsterisk={false} />;
}
