import { Group, Radio, type RadioGroupProps } from '@mantine/core';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { GENDERS } from '@rhc/domain';
import { FieldLabel } from '../ui/field-label.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * The mandatory gender choice of a person (spec §3: sign-up, the profile, a managed profile, a booking for someone
 * else), one radio per gender. Its strings are the `person` namespace's, loaded with the routes that show it.
 */
export function GenderField({ readOnly = false, ...props }: Omit<RadioGroupProps, 'children' | 'label'> & { readOnly?: boolean }) {
  const { t } = useTranslation('person');
  return (
    <Radio.Group {...props} label={<FieldLabel required>{t('fields.gender')}</FieldLabel>} required withAsterisk={false}>
      <Group gap="lg" mt={8}>
        {GENDERS.map((gender) => (
          <Radio key={gender} value={gender} label={t(`genders.${gender}`)} disabled={readOnly} />
        ))}
      </Group>
    </Radio.Group>
  );
}
