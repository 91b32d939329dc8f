import type { ImagingPart, ImagingType } from '@rhc/domain';
import type { TFunction } from '../../lib/i18n.ts';

type ImagingT = TFunction<'imaging-booking' | 'lab-catalog'>;

/** A scan in words: its type, and "with contrast" when so ("MRI scan, with contrast"). */
export function scanName(t: ImagingT, type: ImagingType, contrast: boolean): string {
  const name = t(`lab-catalog:imaging.${type}.name`);
  return contrast ? t('imaging-booking:summary.withContrast', { name }) : name;
}

/** The organs or body parts of a scan, in the reader's language, one list. */
export function partNames(t: ImagingT, parts: readonly ImagingPart[]): string {
  return parts.map((part) => t(`lab-catalog:parts.${part}`)).join(', ');
}
