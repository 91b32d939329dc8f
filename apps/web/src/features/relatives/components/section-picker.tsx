import { Checkbox, Group, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { ALL_SECTIONS, GRANTED_SECTIONS, type GrantedSection } from '@rhc/domain';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

type SectionPickerProps = {
  value: string[];
  onChange: (sections: string[]) => void;
  label: string;
  error?: string;
  /** The sections offered (every one and "All" unless given). */
  options?: readonly GrantedSection[];
  /** Choosing nothing is an answer too (e.g. what a former manager keeps, decision 025). */
  optional?: boolean;
};

/**
 * The sections of a grant as checkboxes (decision 022): nothing is ticked in advance, and "All" is its own explicit
 * choice — ticking it clears the named sections, ticking a named section clears "All".
 */
export function SectionPicker({ value, onChange, label, error, options = GRANTED_SECTIONS, optional = false }: SectionPickerProps) {
  const { t } = useTranslation('relatives');
  const pick = (picked: string[]) => {
    const added = picked.find((section) => !value.includes(section));
    if (added === ALL_SECTIONS) onChange([ALL_SECTIONS]);
    else onChange(picked.filter((section) => section !== ALL_SECTIONS));
  };
  return (
    <Checkbox.Group
      value={value}
      onChange={pick}
      label={<FieldLabel required={!optional}>{label}</FieldLabel>}
      error={error}
      required={!optional}
      withAsterisk={false}
    >
      <Stack gap={6} mt={6}>
        <Group gap="sm">
          {options.map((section) => (
            <Checkbox key={section} value={section} label={t(`sections.${section}`)} />
          ))}
        </Group>
        {options.includes(ALL_SECTIONS) && (
          <Text size="xs" c="dimmed">
            {t('sectionPicker.allHint')}
          </Text>
        )}
      </Stack>
    </Checkbox.Group>
  );
}
