import { UserIdParamSchema } from '../accounts.ts';
import { defineEndpoints } from '../endpoint.ts';
import { OrderIdParamsSchema } from '../orders.ts';
import { OrderRemindersBodySchema, OrderRemindersSchema, UserRemindersBodySchema, UserRemindersSchema } from '../reminders.ts';

/** Reminders before a booking (issue 12): my default lead times and one booking's own; only the person themself. */
export const remindersEndpoints = defineEndpoints('reminders', {
  defaults: {
    method: 'GET',
    path: '/user-reminders/:userId',
    summary: 'My default reminder lead times (minutes before a booking)',
    auth: true,
    access: { audit: 'notifications.update', view: 'reminders', owner: 'userId' },
    params: UserIdParamSchema,
    response: UserRemindersSchema,
  },
  updateDefaults: {
    method: 'PUT',
    path: '/user-reminders/:userId',
    summary: 'Choose my default reminder lead times (at most 3 of the offered ones; none for no reminders)',
    auth: true,
    access: { audit: 'notifications.update', view: 'reminders', owner: 'userId' },
    params: UserIdParamSchema,
    body: UserRemindersBodySchema,
    response: UserRemindersSchema,
  },
  order: {
    method: 'GET',
    path: '/order/reminders/:id',
    summary: "One of my bookings' reminder lead times (null: my default)",
    auth: true,
    access: { audit: 'order.read', view: 'reminders', order: { param: 'id', as: 'patient' } },
    params: OrderIdParamsSchema,
    response: OrderRemindersSchema,
  },
  updateOrder: {
    method: 'PUT',
    path: '/order/reminders/:id',
    summary: "Choose one of my bookings' reminder lead times (null: follow my default)",
    auth: true,
    access: { audit: 'order.edit', view: 'reminders', order: { param: 'id', as: 'patient' } },
    params: OrderIdParamsSchema,
    body: OrderRemindersBodySchema,
    response: OrderRemindersSchema,
  },
});
