import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import './styles.ts';
import { GenderField } from '../person/gender-field.tsx';
import { AddressField, DateOfBirthField, FullNameField } from '../person/person-fields.tsx';
import { FieldLabel } from '../ui/field-label.tsx';
import { CallingCodePhone } from '../ui/calling-code-phone.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * Another person's details (spec §3 "Customer/patient info"): `field(path)` gives the form's props of `infomation.<path>`.
 * `readOnly`: the details of a saved profile, shown as they will be sent (changed on /relativemanagement/).
 */
export function PatientFields({ field, readOnly = false }: { field: (path: string) => GetInputPropsReturnType; readOnly?: boolean }) {
  const { t } = useTranslation('booking');
  const props = (path: string) => ({ ...field(path), readOnly });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <FullNameField {...props('fullName')} maxLength={30} autoComplete="off" />
      <CallingCodePhone
        codeLabel={t('form.callingCode')}
        phoneLabel={<FieldLabel required>{t('form.phone')}</FieldLabel>}
        codeProps={props('callingCodes')}
        phoneProps={props('phone')}
      />
      <GenderField {...field('gender')} readOnly={readOnly} />
      <DateOfBirthField {...props('dateOfBirth')} />
      <TextInput {...props('email')} label={t('form.email')} type="email" autoComplete="off" />
      <AddressField {...props('address')} maxLength={255} />
    </SimpleGrid>
  );
}
