import { isLanguage, type Language } from '@rhc/i18n';
import type { QueuedMessage } from './messaging.ts';
import { foldForSms, smsSegments } from './sms-text.ts';

/**
 * How a person is told of something (issue 12's notices, reminders and offers; issue 14's invitations): on the channels
 * they chose, in the language they use the app in, an SMS kept within its parts.
 */

/** An account as messages address it: its phone, e-mail, language and chosen channels. */
export interface MessageRecipient {
  phone: string;
  email: string;
  language: string;
  notifySms: boolean;
  notifyEmail: boolean;
  /**
   * False while no SMS code has proven the phone is the person's (decision 048): nothing is sent to it by SMS. Required:
   * a reader that forgot it would otherwise send SMS to a number nobody proved (the booking facts of a doctor did).
   */
  phoneVerified: boolean;
}

/** The e-mail address messages may go to; an account without a usable one is told by SMS instead. */
export function usableEmail(email: string | null | undefined): string | null {
  return email && email.includes('@') ? email : null;
}

/**
 * Which channels the recipient is told on: their choice, with SMS standing in for an e-mail they cannot receive, and
 * e-mail standing in for SMS to a phone not verified yet: no SMS ever goes to an unverified phone (decision 048).
 */
export function channelsOf(
  recipient: Pick<MessageRecipient, 'email' | 'notifySms' | 'notifyEmail' | 'phoneVerified'>,
): ('sms' | 'email')[] {
  const address = usableEmail(recipient.email) !== null;
  const phone = recipient.phoneVerified;
  const email = address && (recipient.notifyEmail || (recipient.notifySms && !phone));
  const sms = phone && (recipient.notifySms || (recipient.notifyEmail && !address));
  return [...(email ? (['email'] as const) : []), ...(sms ? (['sms'] as const) : [])];
}

/** The language a person's messages are written in: the one they use the app in (Vietnamese for an unknown value). */
export function recipientLanguage(recipient: Pick<MessageRecipient, 'language'>): Language {
  return isLanguage(recipient.language) ? recipient.language : 'vi';
}

/** An SMS as sent: Vietnamese and English folded to the GSM alphabet (one part holds 160 characters, not 70), Chinese as is. */
export function foldedSms(language: Language, text: string): string {
  return language === 'zh' ? text : foldForSms(text);
}

/**
 * An SMS made by `render` around one part a person wrote or a place (`cuttable`), shortened with "..." until the
 * message fits `parts`.
 */
export function fittedSms(language: Language, parts: number, render: (cuttable: string) => string, cuttable: string): string {
  let text = foldedSms(language, render(cuttable));
  for (let keep = [...cuttable].length - 1; smsSegments(text) > parts && keep >= 0; keep -= 1)
    text = foldedSms(language, render(`${[...cuttable].slice(0, keep).join('').trimEnd()}...`));
  return text;
}

/**
 * One message per channel `recipient` chose: the SMS to their phone, the e-mail (subject and body) to their address;
 * `keyOf` names each one's dedupe key. Texts are made only for the channels used.
 */
export function messagesByChannel(
  recipient: Pick<MessageRecipient, 'phone' | 'email' | 'notifySms' | 'notifyEmail' | 'phoneVerified'>,
  texts: { subject: () => string; body: () => string; sms: () => string },
  keyOf: (channel: 'sms' | 'email') => string,
): QueuedMessage[] {
  return channelsOf(recipient).map((channel) => ({
    channel,
    recipient: channel === 'sms' ? recipient.phone : recipient.email,
    subject: channel === 'sms' ? null : texts.subject(),
    body: channel === 'sms' ? texts.sms() : texts.body(),
    dedupeKey: keyOf(channel),
  }));
}
