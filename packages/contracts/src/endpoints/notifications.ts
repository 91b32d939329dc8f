import { defineEndpoints } from '../endpoint.ts';
import {
  NotificationPageSchema,
  NotificationParamsSchema,
  NotificationsParamsSchema,
  NotificationsQuerySchema,
  NotificationsReadSchema,
} from '../notifications.ts';

export const notificationsEndpoints = defineEndpoints('notifications', {
  list: {
    method: 'GET',
    path: '/notifications/:userId',
    summary:
      'My recent notifications, newest first, in the request language, with the unread count and (a doctor) the bookings awaiting my confirmation',
    auth: true,
    access: { audit: 'notification.read', view: 'list', owner: 'userId' },
    params: NotificationsParamsSchema,
    query: NotificationsQuerySchema,
    response: NotificationPageSchema,
  },
  markRead: {
    method: 'PATCH',
    path: '/notifications/:userId/:id/read',
    summary: 'Marks one of my notifications read',
    auth: true,
    access: { audit: 'notification.markRead', owner: 'userId' },
    params: NotificationParamsSchema,
    response: NotificationsReadSchema,
  },
  markAllRead: {
    method: 'PATCH',
    path: '/notifications/:userId/read-all',
    summary: 'Marks all my notifications read',
    auth: true,
    access: { audit: 'notification.markRead', view: 'all', owner: 'userId' },
    params: NotificationsParamsSchema,
    response: NotificationsReadSchema,
  },
});
