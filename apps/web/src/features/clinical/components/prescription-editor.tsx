import { ActionIcon, Autocomplete, Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import '../styles.ts';
import { CLINICAL_LIMITS, MEAL_TIMINGS } from '@rhc/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useDrugSuggestions, useDrugUnits } from '../api.ts';
import type { ExamFormValues } from '../exam-form.ts';
import { emptyLine } from '../exam-form.ts';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The drug name with suggestions from the seeded generic drugs (GET /drugs), typed freely otherwise. */
function DrugNameInput({ form, index }: { form: UseFormReturnType<ExamFormValues>; index: number }) {
  const { t } = useTranslation('clinical');
  const value = form.getValues().lines[index]?.drugName ?? '';
  const [typed, setTyped] = useState(value);
  const [debounced] = useDebouncedValue(typed, 250);
  const suggestions = useDrugSuggestions(debounced);
  const names = [...new Set((suggestions.data ?? []).map((drug) => `${drug.name} ${drug.strength}`))];
  const input = form.getInputProps(`lines.${index}.drugName`);
  return (
    <Autocomplete
      {...input}
      onChange={(next) => {
        setTyped(next);
        input.onChange(next);
      }}
      label={<FieldLabel required>{t('prescription.drugName')}</FieldLabel>}
      placeholder={t('prescription.drugPlaceholder')}
      data={names}
      filter={({ options }) => options}
      maxLength={CLINICAL_LIMITS.drugNameMax}
      required
      withAsterisk={false}
      data-testid={`drug-name-${index}`}
    />
  );
}

/** The lines of a new prescription (spec §3): drug, quantity, unit (Other asks its name), dose, times a day, days, meals. */
export function PrescriptionEditor({ form }: { form: UseFormReturnType<ExamFormValues> }) {
  const { t } = useTranslation('clinical');
  const units = useDrugUnits();
  const lines = form.getValues().lines;
  const unitOptions = (units.data ?? []).map((unit) => ({ value: unit, label: t(`units.${unit}`) }));
  const mealOptions = MEAL_TIMINGS.map((meal) => ({ value: meal, label: t(`meals.${meal}`) }));
  return (
    <Stack gap="sm">
      {lines.map((line, index) => (
        <Fieldset key={line.key} legend={t('prescription.line', { n: index + 1 })} radius="md" data-testid={`line-${index}`}>
          <Stack gap="xs">
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <div style={{ flex: 1, minWidth: 0 }}>
                <DrugNameInput form={form} index={index} />
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={t('prescription.removeLine', { n: index + 1 })}
                onClick={() => form.removeListItem('lines', index)}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs">
              <NumberField
                {...form.getInputProps(`lines.${index}.quantity`)}
                label={<FieldLabel required>{t('prescription.quantity')}</FieldLabel>}
                min={0}
                max={CLINICAL_LIMITS.quantityMax}
                decimalScale={2}
                required
                withAsterisk={false}
              />
              <Select
                {...form.getInputProps(`lines.${index}.unit`)}
                label={<FieldLabel required>{t('prescription.unit')}</FieldLabel>}
                data={unitOptions}
                allowDeselect={false}
                required
                withAsterisk={false}
                data-testid={`unit-${index}`}
              />
              {line.unit === 'other' && (
                <TextInput
                  {...form.getInputProps(`lines.${index}.unitName`)}
                  label={<FieldLabel required>{t('prescription.unitName')}</FieldLabel>}
                  maxLength={CLINICAL_LIMITS.unitNameMax}
                  required
                  withAsterisk={false}
                />
              )}
              <TextInput
                {...form.getInputProps(`lines.${index}.dose`)}
                label={<FieldLabel required>{t('prescription.dose')}</FieldLabel>}
                placeholder={t('prescription.dosePlaceholder')}
                maxLength={CLINICAL_LIMITS.doseMax}
                required
                withAsterisk={false}
              />
              <NumberField
                {...form.getInputProps(`lines.${index}.timesPerDay`)}
                label={<FieldLabel required>{t('prescription.timesPerDay')}</FieldLabel>}
                min={1}
                max={CLINICAL_LIMITS.timesPerDayMax}
                allowDecimal={false}
                required
                withAsterisk={false}
              />
              <NumberField
                {...form.getInputProps(`lines.${index}.days`)}
                label={<FieldLabel required>{t('prescription.days')}</FieldLabel>}
                min={1}
                max={CLINICAL_LIMITS.daysMax}
                allowDecimal={false}
                required
                withAsterisk={false}
              />
              <Select
                {...form.getInputProps(`lines.${index}.mealTiming`)}
                label={<FieldLabel required>{t('prescription.mealTiming')}</FieldLabel>}
                data={mealOptions}
                allowDeselect={false}
                required
                withAsterisk={false}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
      ))}
      {lines.length < CLINICAL_LIMITS.linesMax && (
        <div>
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => form.insertListItem('lines', emptyLine())}
          >
            {t('prescription.addLine')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
