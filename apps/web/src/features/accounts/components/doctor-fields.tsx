import { SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import '../styles.ts';
import { DEGREES } from '@rhc/domain';
import { useWorkUnits } from '../../../hooks/use-catalog.ts';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { requiredField } from '../../../components/ui/required-field.tsx';

type DoctorFieldsProps = {
  /** The input props of a path under `doctor.` of the surrounding form. */
  field: (
    path: `doctor.${'degree' | 'specialtyNames' | 'momoPhone' | 'bankName' | 'bankAccount' | 'workPlace'}`,
  ) => GetInputPropsReturnType;
  /** The work place chosen so far, kept selectable even when the list names it in another language. */
  workPlace: string | null;
};

/** Spec §3 doctor extras: degree, specialties, momo phone, bank name and account, work place. */
export function DoctorFields({ field, workPlace }: DoctorFieldsProps) {
  const { t } = useTranslation('accounts');
  const workUnits = useWorkUnits();
  const workPlaces = (workUnits.data ?? []).map((unit) => unit.name);
  if (workPlace && !workPlaces.includes(workPlace)) workPlaces.unshift(workPlace);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <Select
        {...field('doctor.degree')}
        {...requiredField(t('fields.degree'))}
        placeholder={t('fields.degreePlaceholder')}
        data={DEGREES.map((degree) => ({ value: degree, label: t(`degrees.${degree}`) }))}
        allowDeselect={false}
      />
      <TagsInput
        {...field('doctor.specialtyNames')}
        {...requiredField(t('fields.specialtyNames'))}
        placeholder={t('fields.specialtyPlaceholder')}
        description={t('fields.specialtyHint')}
        // The hint goes under the input, so the input lines up with its neighbour's.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxTags={10}
      />
      <Select
        {...field('doctor.workPlace')}
        {...requiredField(t('fields.workPlace'))}
        placeholder={workUnits.isError ? t('fields.workPlaceFailed') : t('fields.workPlacePlaceholder')}
        data={workPlaces}
        searchable
        nothingFoundMessage={t('fields.nothingFound')}
        disabled={workUnits.isPending}
      />
      <TextInput {...field('doctor.momoPhone')} label={t('fields.momoPhone')} type="tel" inputMode="tel" />
      <TextInput {...field('doctor.bankName')} {...requiredField(t('fields.bankName'))} />
      <TextInput {...field('doctor.bankAccount')} {...requiredField(t('fields.bankAccount'))} inputMode="numeric" />
    </SimpleGrid>
  );
}
