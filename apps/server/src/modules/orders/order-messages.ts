import type { OrderAction, OrderRole } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import { translatorFor } from '../../platform/i18n/request-language.ts';
import type { InAppNotice } from '../../platform/messaging/in-app.ts';
import type { OutgoingMail, QueuedMessage } from '../../platform/messaging/messaging.ts';
import { calendarIcs } from './calendar-ics.ts';
import { categoryOf } from './categories/index.ts';
import { displayDay } from './display-time.ts';
import type { OrderRequestMeta, OrdersDeps } from './order-context.ts';
import { inAppNotice } from './order-in-app.ts';
import { bookingLink, trackingLink } from './order-links.ts';
import { noticeMessages, type NoticeFacts, type NotificationEvent, type Recipient } from './order-notifications.ts';
import type { OrderView } from './orders.repository.ts';

/** One person to tell of a change, and what. */
export type Notice = { event: NotificationEvent; to: string };

/**
 * Who is told of a step (issue 12; docs/order-lifecycle.md): the patient of the doctor's verify, change, cancel and
 * complete; the doctor of the patient's change and cancel. A change that moves nothing (a note, the same time sent
 * again) tells nobody; a patient's move to another doctor tells the old doctor it left and the new one it came.
 */
export function noticesOf(action: OrderAction, role: OrderRole, before: OrderView, after: OrderView): Notice[] {
  const patient = before.order.userId;
  const doctor = before.order.doctorId;
  const toPatient = (event: NotificationEvent): Notice[] => [{ event, to: patient }];
  const toDoctor = (event: NotificationEvent, to: string | null = doctor): Notice[] => (to ? [{ event, to }] : []);
  switch (action) {
    case 'verify':
      return toPatient(after.order.mode === 'online' ? 'patient.verifiedOnline' : 'patient.verified');
    case 'complete':
      return toPatient('patient.completed');
    case 'cancel':
      return role === 'doctor' ? toPatient('patient.cancelled') : [...toDoctor('doctor.cancelled'), ...toPatient('patient.selfCancelled')];
    case 'edit': {
      const moved =
        after.order.startsAt.getTime() !== before.order.startsAt.getTime() ||
        after.order.doctorId !== before.order.doctorId ||
        after.order.mode !== before.order.mode ||
        after.detail.examTypeId !== before.detail.examTypeId ||
        after.detail.workUnitId !== before.detail.workUnitId;
      // A patient's new answer for the staff to review (decision 045): the staff are told, in the review's words.
      const flaggedAnew = role === 'patient' && (categoryOf(after.order.category).flaggedAnew?.(before, after) ?? false);
      if (flaggedAnew && !moved) return toDoctor('doctor.moved');
      if (!moved) return [];
      if (role === 'doctor') return toPatient('patient.moved');
      const told =
        after.order.doctorId !== doctor
          ? [...toDoctor('doctor.movedAway'), ...toDoctor('doctor.booked', after.order.doctorId)]
          : toDoctor('doctor.moved');
      return [...told, ...toPatient('patient.selfMoved')];
    }
    default:
      return [];
  }
}

/** What an order's messages say (the confirmation mail, its calendar file, the notices of its changes), in its category's words. */
export function createOrderMessages(deps: Pick<OrdersDeps, 'publicBaseUrl'>) {
  function trackingUrl(secureCode: string): string {
    return trackingLink(deps.publicBaseUrl, secureCode);
  }

  /** Where the order takes place: the meeting link (or "online") or the clinic with its address. */
  function placeOf(view: OrderView, language: Language): string {
    if (view.order.mode === 'online')
      return view.detail.meetingLink ?? translatorFor(language)(categoryOf(view.order.category).messages.online);
    return view.workUnit ? `${view.workUnit.names[language]}, ${view.workUnit.address}` : '';
  }

  function calendarFor(view: OrderView, language: Language, now: Date): string {
    const { order } = view;
    const service = categoryOf(order.category).present(view, language).service ?? '';
    const place = placeOf(view, language);
    const url = trackingUrl(order.secureCode);
    return calendarIcs({
      uid: `${order.id}@rhc`,
      stamp: now,
      startsAt: order.startsAt,
      endsAt: order.endsAt,
      // The code already reads "RHC-…": the title is the service and the doctor, the code after them.
      summary: `${service}${view.doctor ? ` — ${view.doctor.fullName}` : ''} (${order.code})`,
      location: place,
      description: `${order.code}\n${url}`,
      url,
    });
  }

  /** The confirmation e-mail of a new booking, when the patient gave an address; queued with the booking itself. */
  function confirmationMail(view: OrderView, meta: OrderRequestMeta): OutgoingMail | null {
    const to = view.detail.patientEmail;
    if (!to) return null;
    const t = translatorFor(meta.language);
    const category = categoryOf(view.order.category);
    const texts = (category.flagged?.(view) ? category.messages.flagged?.confirmation : undefined) ?? category.messages.confirmation;
    const params = {
      code: view.order.code,
      name: view.detail.patientName,
      day: displayDay(view.detail.checkDay),
      hour: view.detail.checkHour,
      doctor: view.doctor?.fullName ?? '',
      // A new booking has no meeting link yet: an online one reads "online".
      place: placeOf(view, meta.language),
      link: trackingUrl(view.order.secureCode),
    };
    return {
      to,
      subject: t(texts.subject, params),
      text: t(texts.body, params),
      attachments: [
        {
          filename: `${view.order.code}.ics`,
          content: calendarFor(view, meta.language, meta.now),
          contentType: 'text/calendar; charset=utf-8',
        },
      ],
    };
  }

  /** What the messages say of an order as it stands after a change. */
  function noticeFacts(view: OrderView): NoticeFacts {
    const { order, detail } = view;
    const category = categoryOf(order.category);
    return {
      orderId: order.id,
      code: order.code,
      checkDay: detail.checkDay,
      checkHour: detail.checkHour,
      doctor: view.doctor?.fullName ?? '',
      place: (language) =>
        order.mode === 'online'
          ? translatorFor(language)(category.messages.noticeOnline)
          : view.workUnit
            ? `${view.workUnit.names[language]}, ${view.workUnit.address}`
            : '',
      link: trackingUrl(order.secureCode),
      bookingLink: bookingLink(deps.publicBaseUrl, order.id),
      ...(detail.meetingLink ? { meeting: detail.meetingLink } : {}),
      ...(detail.cancelReason ? { reason: detail.cancelReason } : {}),
      category: category.id,
      ...(category.flagged?.(view) ? { flagged: true } : {}),
    };
  }

  /** The messages of `notices`, each in its recipient's language and channels, keyed by the version changed from. */
  function noticeMessagesOf(notices: Notice[], recipients: Recipient[], after: OrderView, version: string): QueuedMessage[] {
    const facts = noticeFacts(after);
    return notices.flatMap((notice) => {
      const recipient = recipients.find((person) => person.id === notice.to);
      return recipient ? noticeMessages(notice.event, recipient, facts, version) : [];
    });
  }

  /** The bell's notices of `notices` (issue 12), one per person told, keyed like the messages. */
  function inAppNoticesOf(notices: Notice[], recipients: Recipient[], after: OrderView, version: string): InAppNotice[] {
    const facts = noticeFacts(after);
    return notices
      .filter((notice) => recipients.some((person) => person.id === notice.to))
      .map((notice) => inAppNotice(notice.event, notice.to, facts, version));
  }

  return { calendarFor, confirmationMail, noticeFacts, noticeMessagesOf, inAppNoticesOf };
}
export type OrderMessagesMaker = ReturnType<typeof createOrderMessages>;
