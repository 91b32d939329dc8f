import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import '../styles.ts';
import { GenderField } from '../../../components/person/gender-field.tsx';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { todayInDisplayZone } from '../../../lib/dates.ts';
import { CallingCodePhone } from '../../../components/ui/calling-code-phone.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * Another person's details (spec §3 "Customer/patient info"): `field(path)` gives the form's props of `infomation.<path>`.
 * `readOnly`: the details of a saved profile, shown as they will be sent (changed on /relativemanagement/).
 */
export function PatientFields({ field, readOnly = false }: { field: (path: string) => GetInputPropsReturnType; readOnly?: boolean }) {
  const { t } = useTranslation('booking');
  const props = (path: string) => ({ ...field(path), readOnly });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        {...props('fullName')}
        label={<FieldLabel required>{t('form.fullName')}</FieldLabel>}
        required
        withAsterisk={false}
        maxLength={30}
        autoComplete="off"
      />
      <CallingCodePhone
        codeLabel={t('form.callingCode')}
        phoneLabel={<FieldLabel required>{t('form.phone')}</FieldLabel>}
        codeProps={props('callingCodes')}
        phoneProps={props('phone')}
      />
      <GenderField {...field('gender')} readOnly={readOnly} />
      <DayInput
        {...props('dateOfBirth')}
        label={<FieldLabel required>{t('form.dateOfBirth')}</FieldLabel>}
        required
        withAsterisk={false}
        maxDate={todayInDisplayZone()}
      />
      <TextInput {...props('email')} label={t('form.email')} type="email" autoComplete="off" />
      <TextInput
        {...props('address')}
        label={<FieldLabel required>{t('form.address')}</FieldLabel>}
        required
        withAsterisk={false}
        maxLength={255}
      />
    </SimpleGrid>
  );
}
