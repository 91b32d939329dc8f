import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from '../../lib/i18n.ts';
import { GrowingTextarea } from '../ui/growing-textarea.tsx';
import { FormSection } from './form-section.tsx';
import type { KitStrings } from './order-kit.ts';

/** The last section of a lab, imaging or vaccine form, its details: the note for the clinic, in `strings`' words. */
export function NoteSection({ strings, inputProps }: { strings: KitStrings; inputProps: GetInputPropsReturnType }) {
  const { t } = useTranslation(strings);
  return (
    <FormSection title={t('form.detailsSection')}>
      <GrowingTextarea {...inputProps} label={t('form.note')} placeholder={t('form.notePlaceholder')} minRows={2} maxLength={1000} />
    </FormSection>
  );
}
