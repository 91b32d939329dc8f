import { z } from 'zod/mini';
import { PageQuerySchema } from './envelope.ts';
import { lazySchema } from './lazy-schema.ts';

/* ---------- the bell's notifications (issue 12: in-app notifications) ---------- */

/** GET /notifications/{userId}: only one's own; anyone else's is 404. */
export const NotificationsParamsSchema = lazySchema(() => z.object({ userId: z.uuid({ error: 'validation.invalid' }) }));
/** PATCH /notifications/{userId}/{id}/read. */
export const NotificationParamsSchema = lazySchema(() =>
  z.extend(NotificationsParamsSchema, {
    id: z.coerce
      .number({ error: 'validation.invalid' })
      .check(z.int({ error: 'validation.invalid' }), z.gte(1, { error: 'validation.invalid' })),
  }),
);
/** Newest first; page from 0, size 10 by default (at most 100). */
export const NotificationsQuerySchema = lazySchema(() => PageQuerySchema);
export type NotificationsQuery = z.input<typeof NotificationsQuerySchema>;

/** One thing the person was told in the app, its text made in the request's language. */
export const InAppNotificationSchema = lazySchema(() =>
  z.object({
    id: z.int(),
    /** The text's key, with its namespace (`notifications:inApp.patient.verified`, `reminders:inApp.due`…). */
    event: z.string(),
    text: z.string(),
    /** The booking it is about (its detail page), if any. */
    orderId: z.nullable(z.uuid()),
    createdAt: z.iso.datetime(),
    read: z.boolean(),
  }),
);
export type InAppNotification = z.infer<typeof InAppNotificationSchema>;

export const NotificationPageSchema = lazySchema(() =>
  z.object({
    items: z.array(InAppNotificationSchema),
    total: z.int().check(z.gte(0)),
    page: z.int(),
    size: z.int(),
    /** How many of all the person's notifications are unread (the bell's count). */
    unread: z.int().check(z.gte(0)),
    /** Bookings assigned to the person (a doctor) that await their confirmation and have not begun; 0 for anyone else. */
    awaitingConfirmation: z.int().check(z.gte(0)),
    /**
     * What the bell's badge counts (besides the spec's pending invites): the unread notifications and the bookings awaiting
     * confirmation, each booking once (its unread "new booking" notice is not counted again), and no unread notice of an
     * invitation still waiting for an answer (the dashboard's `countInvites` counts it).
     */
    badge: z.int().check(z.gte(0)),
  }),
);
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** What a mark-as-read answers: how many are still unread. */
export const NotificationsReadSchema = lazySchema(() => z.object({ unread: z.int().check(z.gte(0)) }));
export type NotificationsRead = z.infer<typeof NotificationsReadSchema>;
