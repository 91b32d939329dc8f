import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { IconShieldCheck } from '@tabler/icons-react';
import { consentWording } from '../sharing.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The wording the holder agrees to by sharing (sent as `consentText`), shown once sections are chosen. */
export function ConsentWording({ person, sections }: { person: string; sections: string[] }) {
  const { t } = useTranslation('relatives');
  return (
    <Alert variant="light" color="blue" icon={<IconShieldCheck aria-hidden="true" />} title={t('consent.title')}>
      <Text size="sm" data-testid="consent-wording">
        {sections.length > 0 ? consentWording(t, person, sections) : t('consent.pickFirst')}
      </Text>
    </Alert>
  );
}

/**
 * A child aged 7–15 (Law 91/2025/QH15, art. 24): why the child's own agreement is needed, and the required
 * confirmation that the child agreed.
 */
export function ChildAssent({
  name,
  checked,
  onChange,
  error,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation('relatives');
  return (
    <Alert variant="light" color="yellow" title={t('child.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('child.explain', { name })}</Text>
        <Checkbox
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          label={t('child.confirm')}
          error={error}
          required
          aria-required
        />
      </Stack>
    </Alert>
  );
}
