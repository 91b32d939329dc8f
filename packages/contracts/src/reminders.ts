import { MAX_REMINDERS, reminderListProblem, sortReminderMinutes } from '@rhc/domain';
import { z } from 'zod/mini';
import { invalid } from './text.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Reminder lead times in minutes before the start (issue 12): only the offered ones (`REMINDER_CHOICES`), each once, at
 * most three; an empty list means "no reminders". Kept earliest first.
 */
export const ReminderMinutesSchema = lazySchema(() =>
  z.pipe(
    z.array(z.int(invalid), invalid).check(
      z.maxLength(MAX_REMINDERS, invalid),
      z.refine((minutes) => reminderListProblem(minutes) === null, invalid),
    ),
    z.transform<number[], number[]>(sortReminderMinutes),
  ),
);

/** GET/PUT /user-reminders/{userId}: my default lead times, for every booking that does not choose its own. */
export const UserRemindersSchema = lazySchema(() => z.object({ minutes: z.array(z.int()) }));
export type UserReminders = z.infer<typeof UserRemindersSchema>;
export const UserRemindersBodySchema = lazySchema(() => z.strictObject({ minutes: ReminderMinutesSchema }));
export type UserRemindersBody = z.input<typeof UserRemindersBodySchema>;

/**
 * GET/PUT /order/reminders/{id}: one booking's lead times; `minutes` null follows my default, which `defaults` tells
 * (what the booking gets when it follows it).
 */
export const OrderRemindersSchema = lazySchema(() =>
  z.object({
    minutes: z.nullable(z.array(z.int())),
    defaults: z.array(z.int()),
  }),
);
export type OrderReminders = z.infer<typeof OrderRemindersSchema>;
export const OrderRemindersBodySchema = lazySchema(() => z.strictObject({ minutes: z.nullable(ReminderMinutesSchema) }));
export type OrderRemindersBody = z.input<typeof OrderRemindersBodySchema>;
