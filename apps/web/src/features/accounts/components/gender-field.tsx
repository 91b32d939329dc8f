import { Group, Radio, type RadioGroupProps } from '@mantine/core';
import '../styles.ts';
import { GENDERS } from '@rhc/domain';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The mandatory gender choice of sign-up and the profile (spec §3), one radio per gender. */
export function GenderField(props: Omit<RadioGroupProps, 'children' | 'label'>) {
  const { t } = useTranslation('accounts');
  return (
    <Radio.Group {...props} label={<FieldLabel required>{t('fields.gender')}</FieldLabel>} required withAsterisk={false}>
      <Group gap="lg" mt={8}>
        {GENDERS.map((gender) => (
          <Radio key={gender} value={gender} label={t(`genders.${gender}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
