import { ORDER_STATUS, VIETNAM_UTC_OFFSET_MINUTES } from '@rhc/domain';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { once, type Db } from '../../db/client.ts';
import { recipientColumns } from '../../db/recipient-columns.ts';
import {
  orderLab,
  orderImaging,
  examTypes,
  orderDetails,
  orders,
  orderVaccines,
  specialties,
  users,
  workUnits,
} from '../../db/schema/index.ts';
import type { Recipient } from './order-notifications.ts';

/** The doctor an order is assigned to (a second join of users, beside the person who booked). */
export const doctors = alias(users, 'doctor');

/** One order with everything its views need (names in every language; the caller picks one). */
const orderView = {
  order: orders,
  detail: orderDetails,
  doctor: { id: doctors.id, fullName: doctors.fullName, avatarKey: doctors.avatarKey },
  specialty: { id: specialties.id, names: specialties.names },
  examType: { id: examTypes.id, names: examTypes.names },
  workUnit: { id: workUnits.id, names: workUnits.names, address: workUnits.address },
  /** A vaccine order's vaccine and dose (decision 043); null for the other categories. */
  vaccine: { vaccineId: orderVaccines.vaccineId, vaccineDoseId: orderVaccines.vaccineDoseId, scheduleId: orderVaccines.scheduleId },
  /** A lab order's tests and place of collection (decision 044); null for the other categories. */
  lab: {
    atHome: orderLab.atHome,
    district: orderLab.district,
    address: orderLab.address,
    phone: orderLab.phone,
    packageIds: orderLab.packageIds,
    testIds: orderLab.testIds,
    totalVnd: orderLab.totalVnd,
  },
  /** An imaging order's type, parts, safety answers and review (decision 045); null for the other categories. */
  imaging: {
    type: orderImaging.type,
    items: orderImaging.items,
    contrast: orderImaging.contrast,
    screening: orderImaging.screening,
    contrastAnswers: orderImaging.contrastAnswers,
    review: orderImaging.review,
    totalVnd: orderImaging.totalVnd,
  },
};

function selectOrderView(db: Db) {
  return db
    .select(orderView)
    .from(orders)
    .innerJoin(orderDetails, eq(orderDetails.orderId, orders.id))
    .leftJoin(doctors, eq(doctors.id, orders.doctorId))
    .leftJoin(specialties, eq(specialties.id, orderDetails.specialtyId))
    .leftJoin(examTypes, eq(examTypes.id, orderDetails.examTypeId))
    .leftJoin(workUnits, eq(workUnits.id, orderDetails.workUnitId))
    .leftJoin(orderVaccines, eq(orderVaccines.orderId, orders.id))
    .leftJoin(orderLab, eq(orderLab.orderId, orders.id))
    .leftJoin(orderImaging, eq(orderImaging.orderId, orders.id));
}
export type OrderView = Awaited<ReturnType<ReturnType<typeof selectOrderView>['execute']>>[number];

/** Vietnam has had no DST since 1975: its wall clock is UTC plus a fixed offset, so the SQL needs no time-zone database. */
const vietnamStartsAt = sql`(${orders.startsAt} at time zone 'UTC' + ${sql.raw(`interval '${VIETNAM_UTC_OFFSET_MINUTES} minutes'`)})`;

export interface OrderFilter {
  /** Whose side of the order: the person who booked, or the doctor it is assigned to. */
  as: 'patient' | 'doctor';
  userId: string;
  status?: number;
  day?: number;
  month?: number;
  year?: number;
}

function filterWhere(filter: OrderFilter): SQL | undefined {
  return and(
    filter.as === 'doctor' ? eq(orders.doctorId, filter.userId) : eq(orders.userId, filter.userId),
    filter.status === undefined ? undefined : eq(orders.status, filter.status),
    filter.year === undefined ? undefined : sql`extract(year from ${vietnamStartsAt}) = ${filter.year}`,
    filter.month === undefined ? undefined : sql`extract(month from ${vietnamStartsAt}) = ${filter.month}`,
    filter.day === undefined ? undefined : sql`extract(day from ${vietnamStartsAt}) = ${filter.day}`,
  );
}

/** The orders repository's reads: an order as its views show it, the lists and counts of a person's orders. */
export function createOrderReads(db: Db) {
  // Every order answer reads this, prepared on first use: once for the service's own repository, planned once per connection.
  const viewById = once(() =>
    selectOrderView(db)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('order_view_by_id'),
  );
  return {
    async findView(id: string): Promise<OrderView | undefined> {
      const [row] = await viewById().execute({ id });
      return row;
    },

    /** A booking's sides, for the access gate: who booked it, for which profile, and its doctor. */
    async findParties(id: string): Promise<{ userId: string; profileId: string | null; doctorId: string | null } | undefined> {
      const [row] = await db
        .select({ userId: orders.userId, profileId: orders.profileId, doctorId: orders.doctorId })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1);
      return row;
    },

    async findViewBySecureCode(secureCode: string): Promise<OrderView | undefined> {
      const [row] = await selectOrderView(db).where(eq(orders.secureCode, secureCode));
      return row;
    },

    /**
     * A page of bookings as a person reads a list of them: the coming ones first, soonest first; then the past ones,
     * most recent day first and in time order within a day (Vietnam's days).
     */
    async page(filter: OrderFilter, page: number, size: number, now: Date): Promise<{ rows: OrderView[]; total: number }> {
      const where = filterWhere(filter);
      const upcoming = sql`${orders.startsAt} >= ${now.toISOString()}::timestamptz`;
      const [rows, [totalRow]] = await Promise.all([
        selectOrderView(db)
          .where(where)
          .orderBy(
            sql`(${upcoming}) desc`,
            sql`case when ${upcoming} then ${orders.startsAt} end asc`,
            sql`case when not (${upcoming}) then date_trunc('day', ${vietnamStartsAt}) end desc`,
            asc(orders.startsAt),
            desc(orders.createdAt),
          )
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    /** Bookings per Vietnam day in [from, to); cancelled ones hold no time, so they are not counted. */
    async countByDay(filter: Pick<OrderFilter, 'as' | 'userId'>, from: Date, to: Date): Promise<{ day: string; count: number }[]> {
      const day = sql<string>`to_char(${vietnamStartsAt}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, n: count() })
        .from(orders)
        .where(and(filterWhere(filter), gte(orders.startsAt, from), lt(orders.startsAt, to), ne(orders.status, ORDER_STATUS.cancelled)))
        .groupBy(day)
        .orderBy(day);
      return rows.map((row) => ({ day: row.day, count: row.n }));
    },

    /** Bookings assigned to the doctor that await their confirmation and have not begun (issue 12: the bell, the home notice). */
    async countAwaitingConfirmation(doctorId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.doctorId, doctorId), eq(orders.status, ORDER_STATUS.booked), gt(orders.startsAt, now)));
      return row?.n ?? 0;
    },

    /** The people to tell of a change, with their channels and language (issue 12). */
    async recipients(ids: readonly string[]): Promise<Recipient[]> {
      if (ids.length === 0) return [];
      return db
        .select(recipientColumns)
        .from(users)
        .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
    },
  };
}
