import { Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import '../styles.ts';
import { GENDERS } from '@rhc/domain';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { todayInDisplayZone } from '../../../lib/dates.ts';
import { CALLING_CODES } from '../booking-values.ts';

/** Another person's details (spec §3 "Customer/patient info"): `field(path)` gives the form's props of `infomation.<path>`. */
export function PatientFields({ field }: { field: (path: string) => GetInputPropsReturnType }) {
  const { t } = useTranslation('booking');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        {...field('fullName')}
        label={<FieldLabel required>{t('form.fullName')}</FieldLabel>}
        required
        withAsterisk={false}
        maxLength={30}
        autoComplete="off"
      />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Select
          {...field('callingCodes')}
          label={t('form.callingCode')}
          // The field shows the code (it fits beside the phone on a 390 px screen); the list names each country.
          data={CALLING_CODES.map(({ code }) => ({ value: code, label: code }))}
          renderOption={({ option }) => {
            const country = CALLING_CODES.find(({ code }) => code === option.value)?.country;
            return country ? `${option.value} ${t(`countries.${country}`)}` : option.value;
          }}
          allowDeselect={false}
          comboboxProps={{ width: 220, position: 'bottom-start' }}
          w={104}
          style={{ flexShrink: 0 }}
        />
        <TextInput
          {...field('phone')}
          label={<FieldLabel required>{t('form.phone')}</FieldLabel>}
          required
          withAsterisk={false}
          type="tel"
          inputMode="tel"
          style={{ flex: 1, minWidth: 0 }}
        />
      </Group>
      <Radio.Group {...field('gender')} label={<FieldLabel required>{t('form.gender')}</FieldLabel>} required withAsterisk={false}>
        <Group gap="lg" mt={8}>
          {GENDERS.map((gender) => (
            <Radio key={gender} value={gender} label={t(`genders.${gender}`)} />
          ))}
        </Group>
      </Radio.Group>
      <DayInput
        {...field('dateOfBirth')}
        label={<FieldLabel required>{t('form.dateOfBirth')}</FieldLabel>}
        required
        withAsterisk={false}
        maxDate={todayInDisplayZone()}
      />
      <TextInput {...field('email')} label={t('form.email')} type="email" autoComplete="off" />
      <TextInput
        {...field('address')}
        label={<FieldLabel required>{t('form.address')}</FieldLabel>}
        required
        withAsterisk={false}
        maxLength={255}
      />
    </SimpleGrid>
  );
}
