import { isLanguage, type Language } from '@rhc/i18n';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import type { QueuedMessage } from '../../platform/messaging/messaging.ts';
import { foldForSms, smsSegments } from '../../platform/messaging/sms-text.ts';
import { displayDay } from './display-time.ts';

/** Who is told of what (issue 12; docs/order-lifecycle.md "Who is told"). */
export type NotificationEvent =
  | 'patient.verified'
  | 'patient.verifiedOnline'
  | 'patient.moved'
  | 'patient.cancelled'
  | 'patient.completed'
  | 'doctor.booked'
  | 'doctor.moved'
  | 'doctor.cancelled'
  | 'doctor.movedAway';

/** A person to tell, with their choices: the account's phone, e-mail, language and channels. */
export interface Recipient {
  id: string;
  fullName: string;
  phone: string;
  email: string;
  language: string;
  notifySms: boolean;
  notifyEmail: boolean;
}

/** What the texts say of the order, as it stands after the change. */
export interface NoticeFacts {
  orderId: string;
  code: string;
  /** YYYY-MM-DD and HH:mm, Vietnam time. */
  checkDay: string;
  checkHour: string;
  /** The doctor's name (in a patient's message). */
  doctor: string;
  /** Where, in the recipient's language: the clinic and its address, or "online". */
  place: (language: Language) => string;
  /** The public tracking link (`PUBLIC_BASE_URL/order-tracking/<secureCode>`). */
  link: string;
  meeting?: string;
  reason?: string;
}

/** SMS parts a message may take: two, and three for the online confirmation, which carries two links. */
export function smsPartLimit(event: NotificationEvent): number {
  return event === 'patient.verifiedOnline' ? 3 : 2;
}

/** The e-mail address messages may go to; an account without a usable one is told by SMS instead. */
export function usableEmail(email: string | null | undefined): string | null {
  return email && email.includes('@') ? email : null;
}

/** Which channels the recipient is told on: their choice, with SMS standing in for an e-mail they cannot receive. */
export function channelsOf(recipient: Pick<Recipient, 'email' | 'notifySms' | 'notifyEmail'>): ('sms' | 'email')[] {
  const email = recipient.notifyEmail && usableEmail(recipient.email) !== null;
  const sms = recipient.notifySms || (recipient.notifyEmail && !email);
  return [...(email ? (['email'] as const) : []), ...(sms ? (['sms'] as const) : [])];
}

/** The language a person's messages are written in: the one they use the app in (Vietnamese for an unknown value). */
export function recipientLanguage(recipient: Pick<Recipient, 'language'>): Language {
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
  for (let keep = cuttable.length - 1; smsSegments(text) > parts && keep >= 0; keep -= 1)
    text = foldedSms(language, render(`${[...cuttable].slice(0, keep).join('').trimEnd()}...`));
  return text;
}

/**
 * One message per channel `recipient` chose: the SMS to their phone, the e-mail (subject and body) to their address;
 * `keyOf` names each one's dedupe key. Texts are made only for the channels used.
 */
export function messagesByChannel(
  recipient: Pick<Recipient, 'phone' | 'email' | 'notifySms' | 'notifyEmail'>,
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

/** The SMS text of `event`, a doctor's reason shortened until the message fits its parts. */
export function smsText(event: NotificationEvent, language: Language, params: Record<string, string>): string {
  const t = translatorFor(language);
  return fittedSms(language, smsPartLimit(event), (reason) => t(`notifications:${event}.sms`, { ...params, reason }), params.reason ?? '');
}

/**
 * The messages telling `recipient` of `event`, one per channel, in their language, each with the tracking link and a
 * dedupe key naming the order, the event, the version of the order the change made, the person and the
 * channel: the same change written again (a retry, a replay) queues nothing more.
 */
export function noticeMessages(event: NotificationEvent, recipient: Recipient, facts: NoticeFacts, version: string): QueuedMessage[] {
  const language = recipientLanguage(recipient);
  const t = translatorFor(language);
  const params: Record<string, string> = {
    code: facts.code,
    day: displayDay(facts.checkDay),
    hour: facts.checkHour,
    name: recipient.fullName,
    doctor: facts.doctor,
    place: facts.place(language),
    link: facts.link,
    meeting: facts.meeting ?? '',
    reason: facts.reason ?? '',
  };
  return messagesByChannel(
    recipient,
    {
      subject: () => t(`notifications:${event}.subject`, params),
      body: () => t(`notifications:${event}.body`, params),
      sms: () => smsText(event, language, params),
    },
    (channel) => `order:${facts.orderId}:${event}:${version}:${recipient.id}:${channel}`,
  );
}
