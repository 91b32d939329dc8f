import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { IconShieldCheck } from '@tabler/icons-react';
import type { FormErrors } from '@mantine/form';
import type { GrantedSection } from '@rhc/domain';
import { consentWording } from '../sharing.ts';
import { fieldErrorText } from '../../../lib/forms.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { SectionPicker } from './section-picker.tsx';

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

/** The part of a form that gives a grant: the sections chosen and the child's agreement. */
export interface GrantForm {
  values: { sections: string[]; childAssent: boolean };
  errors: FormErrors;
  setFieldValue: { (path: 'sections', value: string[]): void; (path: 'childAssent', value: boolean): void };
}

/**
 * The fields of a grant, as every form that gives or asks for one shows them (an invitation, its answer, a change of a
 * share): the sections, the wording agreed to (unless `wording` is false: a request asks, it does not agree) and, for a
 * child aged 7–15, the child's agreement.
 */
export function GrantFields({
  form,
  person,
  label,
  needsChild,
  options,
  wording = true,
}: {
  form: GrantForm;
  person: string;
  label: string;
  needsChild: boolean;
  options?: readonly GrantedSection[] | undefined;
  wording?: boolean;
}) {
  const { sections, childAssent } = form.values;
  return (
    <>
      <SectionPicker
        value={sections}
        onChange={(value) => form.setFieldValue('sections', value)}
        label={label}
        error={fieldErrorText(form.errors.sections)}
        options={options}
      />
      {wording && <ConsentWording person={person} sections={sections} />}
      {needsChild && (
        <ChildAssent
          name={person}
          checked={childAssent}
          onChange={(value) => form.setFieldValue('childAssent', value)}
          error={fieldErrorText(form.errors.childAssent)}
        />
      )}
    </>
  );
}
