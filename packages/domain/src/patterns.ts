/**
 * Vietnamese mobile number (spec §5): optional +84 or 0 prefix, then 3, 5, 7, 8 or 9,
 * then 8 more digits. The support hotline uses the same pattern.
 */
export const PHONE_VN_PATTERN = /^(?:\+84|0)?[35789]\d{8}$/;

export function isVietnameseMobile(phone: string): boolean {
  return PHONE_VN_PATTERN.test(phone.replace(/[\s.-]/g, ''));
}

/**
 * A number people can call for support: a mobile as above, a landline (0 + 2x area code + 8 digits,
 * 11 digits since the 2017 renumbering) or a 1800/1900 hotline.
 */
export const CONTACT_PHONE_VN_PATTERN = /^(?:(?:\+84|0)(?:[35789]\d{8}|2\d{9})|1[89]00\d{4,6})$/;
