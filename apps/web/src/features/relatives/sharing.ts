import { GRANTED_SECTIONS, SHARE_SECTIONS, type GrantedSection } from '@rhc/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import type { TFunction } from '../../lib/i18n.ts';

export { GRANTED_SECTIONS, SHARE_SECTIONS, type GrantedSection };

/** The sections of a grant in words ("Health info, Vaccines"), in the reader's language. */
export function sectionList(t: TFunction<'relatives'>, sections: readonly string[]): string {
  return sections.map((section) => t(`sections.${section as GrantedSection}`)).join(', ');
}

/**
 * The consent wording the holder is shown before sharing (decision 022: kept with the grant, in the language shown).
 * It names the profile and the chosen sections, so the record says exactly what was agreed to.
 */
export function consentWording(t: TFunction<'relatives'>, person: string, sections: readonly string[]): string {
  return t('consent.text', { person, sections: sectionList(t, sections) });
}

/** The form error of a share not agreed by the child (7–15) it concerns: a key, translated when shown. */
export const CHILD_REQUIRED = 'relatives:child.required';

/** useFormMutation's `onFailure` of the forms that share: the server's refusal without the child's agreement, at its box. */
export function childAssentFailure(error: Error, errors: FieldErrors): undefined {
  if (error instanceof ApiError && error.code === 'CHILD_ASSENT_REQUIRED') errors.childAssent = error.message;
  return undefined;
}
