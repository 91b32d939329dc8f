import type { Language } from '@rhc/i18n';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import type { QueuedMessage } from '../../platform/messaging/messaging.ts';
import { fittedSms, messagesByChannel, recipientLanguage, type MessageRecipient } from '../../platform/messaging/person-messages.ts';
import { displayDay } from './display-time.ts';

/** Who is told of what (issue 12; docs/order-lifecycle.md "Who is told"). */
export type NotificationEvent =
  | 'patient.verified'
  | 'patient.verifiedOnline'
  | 'patient.moved'
  | 'patient.cancelled'
  | 'patient.completed'
  /** The doctor booked an examination for the patient (kind 2, e.g. the re-examination; decision 027). */
  | 'patient.doctorOrder'
  | 'doctor.booked'
  | 'doctor.moved'
  | 'doctor.cancelled'
  | 'doctor.movedAway';

/** A person to tell, with their choices: the account's phone, e-mail, language and channels. */
export interface Recipient extends MessageRecipient {
  id: string;
  fullName: string;
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
