/**
 * Vietnamese mobile number (spec §5): optional +84 or 0 prefix, then 3, 5, 7, 8 or 9,
 * then 8 more digits. The support hotline uses the same pattern.
 */
export const PHONE_VN_PATTERN = /^(?:\+84|0)?[35789]\d{8}$/;

/** Vietnam's country calling code: the default, and the one whose numbers follow PHONE_VN_PATTERN. */
export const VN_CALLING_CODE = '+84';
/** The country name stored with a number of VN_CALLING_CODE. */
export const VN_COUNTRY_NAME = 'Việt Nam';

/**
 * The stored form of a Vietnamese mobile number: 0 and nine digits, the pattern of the users_phone_format CHECK
 * (written with [0-9] as that constraint is, so the schema declares it from here).
 */
export const STORED_PHONE_VN_PATTERN = /^0[35789][0-9]{8}$/;

/** Another country's number: digits only, without its calling code. */
export const FOREIGN_PHONE_PATTERN = /^\d{4,15}$/;

/** A phone number as typed, without the spaces, dots and dashes people group digits with. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s.-]/g, '');
}

export function isVietnameseMobile(phone: string): boolean {
  return PHONE_VN_PATTERN.test(cleanPhone(phone));
}

/** Whether a (cleaned) number is valid for its country calling code: a Vietnamese mobile for +84, digits otherwise. */
export function isPhoneOf(callingCode: string, phone: string): boolean {
  return callingCode === VN_CALLING_CODE ? PHONE_VN_PATTERN.test(phone) : FOREIGN_PHONE_PATTERN.test(phone);
}

/**
 * A number people can call for support: a mobile as above, a landline (0 + 2x area code + 8 digits,
 * 11 digits since the 2017 renumbering) or a 1800/1900 hotline.
 */
export const CONTACT_PHONE_VN_PATTERN = /^(?:(?:\+84|0)(?:[35789]\d{8}|2\d{9})|1[89]00\d{4,6})$/;
