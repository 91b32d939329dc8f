import { LONGEST_REMINDER_MINUTES, ORDER_STATUS, REMINDER_CHOICES } from '@rhc/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.ts';
import { orderDetails, orders, users, workUnits } from '../../db/schema/index.ts';
import type { Recipient } from '../orders/orders.service.ts';

const ACTIVE = sql.raw(`${ORDER_STATUS.booked}, ${ORDER_STATUS.verified}`);
const CHOICES = sql.raw(`array[${REMINDER_CHOICES.join(', ')}]::int[]`);

/** An active booking with a reminder due and not yet claimed, as the sweep reads it. */
export interface ReminderCandidate {
  orderId: string;
  startsAt: Date;
  /** When the booking got its current time (made or last changed). */
  since: Date;
  minutes: number[];
  /** Lead times already claimed for this start. */
  sent: number[];
}

/** What a reminder says of its booking, and to whom it goes (the account that booked). */
export interface ReminderFacts {
  orderId: string;
  code: string;
  secureCode: string;
  mode: string;
  checkDay: string;
  checkHour: string;
  meetingLink: string | null;
  doctor: string | null;
  workUnit: { names: { vi: string; en: string; zh: string }; address: string } | null;
  patient: Recipient | null;
}

const doctors = alias(users, 'doctor');
const patients = alias(users, 'patient');

export function createRemindersRepository(db: Db) {
  return {
    async defaults(userId: string): Promise<number[] | undefined> {
      const [row] = await db
        .select({ minutes: users.reminderMinutes })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row?.minutes;
    },

    async setDefaults(userId: string, minutes: number[]): Promise<void> {
      await db.update(users).set({ reminderMinutes: minutes }).where(eq(users.id, userId));
    },

    /** A booking's owner, status and own lead times, with the owner's default. */
    async orderChoice(orderId: string) {
      const [row] = await db
        .select({ userId: orders.userId, status: orders.status, minutes: orders.reminderMinutes, defaults: users.reminderMinutes })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      return row;
    },

    async setOrderChoice(orderId: string, minutes: number[] | null): Promise<void> {
      await db.update(orders).set({ reminderMinutes: minutes }).where(eq(orders.id, orderId));
    },

    /**
     * Active bookings (booked or verified, not started) with at least one offered lead time whose moment has come, came
     * after the booking got its time, and is not claimed for this start; soonest first, at most `limit`. The rows are
     * share-locked until the transaction ends, skipping any being changed right now: a cancel or a move either commits
     * before this reads it (and the booking is left out) or waits for this sweep's claim to commit.
     */
    async dueCandidates(now: Date, limit: number): Promise<ReminderCandidate[]> {
      const at = now.toISOString();
      const result = await db.execute(sql`
        select o.id as "orderId", o.starts_at as "startsAt", o.updated_at as "since",
          coalesce(o.reminder_minutes, u.reminder_minutes) as "minutes",
          array(select r.minutes_before from order_reminders_sent r where r.order_id = o.id and r.starts_at = o.starts_at) as "sent"
        from orders o
        join users u on u.id = o.user_id
        where o.status in (${ACTIVE})
          and o.starts_at > ${at}::timestamptz
          and o.starts_at <= ${at}::timestamptz + ${sql.raw(`interval '${LONGEST_REMINDER_MINUTES} minutes'`)}
          and exists (
            select 1 from unnest(coalesce(o.reminder_minutes, u.reminder_minutes)) as m(minutes)
            where m.minutes = any(${CHOICES})
              and o.starts_at - m.minutes * interval '1 minute' <= ${at}::timestamptz
              and o.starts_at - m.minutes * interval '1 minute' > o.updated_at
              and not exists (
                select 1 from order_reminders_sent r
                where r.order_id = o.id and r.minutes_before = m.minutes and r.starts_at = o.starts_at))
        order by o.starts_at
        limit ${limit}
        for share of o skip locked`);
      return rowsOf<{ orderId: string; startsAt: string | Date; since: string | Date; minutes: number[]; sent: number[] }>(result).map(
        (row) => ({ ...row, startsAt: new Date(row.startsAt), since: new Date(row.since) }),
      );
    },

    /**
     * Claims reminders: one row per booking, lead time and start, inserted only while the booking is still active at that
     * start. A row another sweep (another instance) inserted first is skipped: only the claims this call made are
     * answered, and only those are sent.
     */
    async claim(claims: readonly { orderId: string; minutes: number; startsAt: Date }[], now: Date) {
      if (claims.length === 0) return [];
      const values = sql.join(
        claims.map((claim) => sql`(${claim.orderId}::uuid, ${claim.minutes}::int, ${claim.startsAt.toISOString()}::timestamptz)`),
        sql`, `,
      );
      const result = await db.execute(sql`
        insert into order_reminders_sent (order_id, minutes_before, starts_at, sent_at)
        select o.id, c.minutes, o.starts_at, ${now.toISOString()}::timestamptz
        from (values ${values}) as c (order_id, minutes, starts_at)
        join orders o on o.id = c.order_id and o.starts_at = c.starts_at and o.status in (${ACTIVE})
        on conflict do nothing
        returning order_id as "orderId", minutes_before as "minutes"`);
      return rowsOf<{ orderId: string; minutes: number }>(result);
    },

    /** What the reminders of these bookings say, and their patients' channels and language. */
    async facts(orderIds: readonly string[]): Promise<ReminderFacts[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .select({
          orderId: orders.id,
          code: orders.code,
          secureCode: orders.secureCode,
          mode: orders.mode,
          checkDay: orderDetails.checkDay,
          checkHour: orderDetails.checkHour,
          meetingLink: orderDetails.meetingLink,
          doctor: doctors.fullName,
          unitNames: workUnits.names,
          unitAddress: workUnits.address,
          patientId: patients.id,
          patientName: patients.fullName,
          phone: patients.phone,
          email: patients.email,
          language: patients.language,
          notifySms: patients.notifySms,
          notifyEmail: patients.notifyEmail,
          phoneVerified: sql<boolean>`${patients.phoneVerifiedAt} is not null`,
        })
        .from(orders)
        .innerJoin(orderDetails, eq(orderDetails.orderId, orders.id))
        .leftJoin(doctors, eq(doctors.id, orders.doctorId))
        .leftJoin(workUnits, eq(workUnits.id, orderDetails.workUnitId))
        .leftJoin(patients, and(eq(patients.id, orders.userId), isNull(patients.deletedAt)))
        .where(
          sql`${orders.id} in (${sql.join(
            orderIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
      return rows.map((row) => ({
        orderId: row.orderId,
        code: row.code,
        secureCode: row.secureCode,
        mode: row.mode,
        checkDay: row.checkDay,
        checkHour: row.checkHour,
        meetingLink: row.meetingLink,
        doctor: row.doctor,
        workUnit: row.unitNames && row.unitAddress !== null ? { names: row.unitNames, address: row.unitAddress } : null,
        patient:
          row.patientId && row.patientName !== null && row.phone !== null && row.email !== null && row.language !== null
            ? {
                id: row.patientId,
                fullName: row.patientName,
                phone: row.phone,
                email: row.email,
                language: row.language,
                notifySms: row.notifySms ?? false,
                notifyEmail: row.notifyEmail ?? false,
                phoneVerified: row.phoneVerified,
              }
            : null,
      }));
    },
  };
}
export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
