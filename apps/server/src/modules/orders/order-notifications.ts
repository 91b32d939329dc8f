import type { Language } from '@rhc/i18n';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import type { QueuedMessage } from '../../platform/messaging/messaging.ts';
import { fittedSms, messagesByChannel, recipientLanguage, type MessageRecipient } from '../../platform/messaging/person-messages.ts';
import { isResultCategory, type OrderCategory as OrderCategoryId, type ResultCategory } from '@rhc/domain';
import { categoryOf, exam } from './categories/index.ts';
import type { NoticeKind, NoticeTexts } from './category.ts';
import { displayDay } from './display-time.ts';

/** Who is told of what (issue 12; docs/order-lifecycle.md "Who is told"): the notice kinds every category words. */
export type NotificationEvent = NoticeKind;

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
  /** The public tracking link (`PUBLIC_BASE_URL/order-tracking/<secureCode>`): the patient's. */
  link: string;
  /** The booking's own page (`PUBLIC_BASE_URL/all-orders/<id>`), where its doctor confirms, moves and completes it. */
  bookingLink: string;
  meeting?: string;
  reason?: string;
  /** The order's category, whose messages word the notice (ORDER_CATEGORIES; an order's own, default exam). */
  category?: OrderCategoryId;
  /** Worded by the category's flagged texts where it has them (an imaging order waiting for review, decision 045). */
  flagged?: boolean;
}

/** The i18n keys of `event` for an order of `facts.category`. */
export function noticeTexts(event: NotificationEvent, facts: Pick<NoticeFacts, 'category' | 'flagged'>): NoticeTexts {
  const category = facts.category ?? exam.id;
  // A lab or imaging order is completed with its results (decision 046): its patient is told they are ready.
  if (event === 'patient.completed' && isResultCategory(category)) return resultsReadyTexts(category);
  const { messages } = categoryOf(category);
  return (facts.flagged ? messages.flagged?.notices[event] : undefined) ?? messages.notices[event];
}

/** The "results ready" notice of a results category (packages/i18n/locales/<lang>/lab-results.json). */
function resultsReadyTexts(category: ResultCategory): NoticeTexts {
  return {
    subject: `lab-results:ready.${category}.subject`,
    body: `lab-results:ready.${category}.body`,
    sms: `lab-results:ready.${category}.sms`,
    inApp: `lab-results:inApp.${category}`,
  };
}

/** Notices that ask the patient to act on the booking: their link opens its page (move, earlier slot, cancel), not tracking. */
const ASKS_A_DECISION: ReadonlySet<NotificationEvent> = new Set(['patient.doctorUnavailable']);

/** SMS parts a message may take: two, and three for the online confirmation, which carries two links. */
export function smsPartLimit(event: NotificationEvent): number {
  return event === 'patient.verifiedOnline' ? 3 : 2;
}

/** The SMS text of `event`, a doctor's reason shortened until the message fits its parts. */
export function smsText(
  event: NotificationEvent,
  language: Language,
  params: Record<string, string>,
  key: string = noticeTexts(event, {}).sms,
): string {
  const t = translatorFor(language);
  return fittedSms(language, smsPartLimit(event), (reason) => t(key, { ...params, reason }), params.reason ?? '');
}

/**
 * The messages telling `recipient` of `event`, one per channel, in their language, each with the tracking link and a
 * dedupe key naming the order, the event, the version of the order the change made, the person and the
 * channel: the same change written again (a retry, a replay) queues nothing more.
 */
export function noticeMessages(event: NotificationEvent, recipient: Recipient, facts: NoticeFacts, version: string): QueuedMessage[] {
  const language = recipientLanguage(recipient);
  const t = translatorFor(language);
  const texts = noticeTexts(event, facts);
  const params: Record<string, string> = {
    code: facts.code,
    day: displayDay(facts.checkDay),
    hour: facts.checkHour,
    name: recipient.fullName,
    doctor: facts.doctor,
    place: facts.place(language),
    // The doctor's "details" open their own screen of the booking, not the patient's public tracking (issue 54 item 14);
    // a patient asked to move or cancel is sent where they can (decision 047).
    link: event.startsWith('doctor.') || ASKS_A_DECISION.has(event) ? facts.bookingLink : facts.link,
    // The order's own page, behind the sign-in (results are never on the public tracking page; decision 046).
    orderLink: facts.bookingLink,
    meeting: facts.meeting ?? '',
    reason: facts.reason ?? '',
  };
  return messagesByChannel(
    recipient,
    {
      subject: () => t(texts.subject, params),
      body: () => t(texts.body, params),
      sms: () => smsText(event, language, params, texts.sms),
    },
    (channel) => `order:${facts.orderId}:${event}:${version}:${recipient.id}:${channel}`,
  );
}
