import type { InAppNotice } from '../../platform/messaging/in-app.ts';
import { displayDay } from './display-time.ts';
import { noticeTexts, type NoticeFacts, type NotificationEvent } from './order-notifications.ts';

/**
 * What the bell tells `userId` of `event` (issue 12): every person told is told in the app too, whatever their SMS and
 * e-mail choice. The text (its category's `inApp` key, `notifications:inApp.<event>` for an exam) is made when read, in the reader's language, from the facts
 * kept here; the key mirrors the outbox's (`…:<recipient>:app`), so a retried change adds nothing.
 */
export function inAppNotice(event: NotificationEvent, userId: string, facts: NoticeFacts, version: string): InAppNotice {
  return {
    userId,
    event: noticeTexts(event, facts).inApp,
    orderId: facts.orderId,
    params: {
      code: facts.code,
      day: displayDay(facts.checkDay),
      hour: facts.checkHour,
      doctor: facts.doctor,
      ...(facts.reason ? { reason: facts.reason } : {}),
    },
    dedupeKey: `order:${facts.orderId}:${event}:${version}:${userId}:app`,
  };
}
