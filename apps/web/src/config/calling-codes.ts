import { VN_CALLING_CODE, VN_COUNTRY_NAME } from '@rhc/domain';

/** The country calling codes offered for a phone (a booking's patient, a relative's profile, an invitation); the key names the country in `common:countries`. */
export const CALLING_CODES = [
  { code: VN_CALLING_CODE, country: 'vn', nameCountry: VN_COUNTRY_NAME },
  { code: '+86', country: 'cn', nameCountry: 'China' },
  { code: '+1', country: 'us', nameCountry: 'United States' },
  { code: '+82', country: 'kr', nameCountry: 'Korea' },
  { code: '+81', country: 'jp', nameCountry: 'Japan' },
  { code: '+65', country: 'sg', nameCountry: 'Singapore' },
  { code: '+66', country: 'th', nameCountry: 'Thailand' },
  { code: '+61', country: 'au', nameCountry: 'Australia' },
] as const;
export type CountryKey = (typeof CALLING_CODES)[number]['country'];

/** The country a calling code stands for, as stored with a phone ('' for a code outside the list). */
export function nameCountryOf(code: string): string {
  return CALLING_CODES.find((entry) => entry.code === code)?.nameCountry ?? '';
}

/** The `common:countries` key of a calling code, if it is in the list. */
export function countryOf(code: string): CountryKey | undefined {
  return CALLING_CODES.find((entry) => entry.code === code)?.country;
}
