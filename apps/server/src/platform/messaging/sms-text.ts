/**
 * SMS length rules. A message whose every character is in the GSM 03.38 alphabet goes as 7-bit text (160 characters in
 * one part, 153 per part when split); any other character makes the whole message UCS-2 (70, then 67 per part).
 * Vietnamese with its diacritics is UCS-2, so a Vietnamese SMS is sent without them (`foldForSms`), as Vietnamese
 * operators' brand-name SMS customarily are: read the same, cost a half or a third. Chinese stays UCS-2. The rule is
 * every SMS's, the code's as much as a notice's: each is made through `foldedSms` or `fittedSms` (person-messages.ts).
 */

/** The GSM 03.38 basic alphabet (its extension table's characters count as two and are left out here). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

/** Vietnamese (and other Latin) text without its diacritics: "Lịch khám đã được xác nhận" → "Lich kham da duoc xac nhan". */
export function foldForSms(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFC');
}

/** How many SMS parts `text` takes. */
export function smsSegments(text: string): number {
  const gsm = [...text].every((char) => GSM_BASIC.has(char));
  const units = gsm ? [...text].length : text.length;
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return units <= single ? 1 : Math.ceil(units / part);
}
