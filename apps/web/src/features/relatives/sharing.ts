import { GRANTED_SECTIONS, SHARE_SECTIONS, type GrantedSection } from '@rhc/domain';
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
