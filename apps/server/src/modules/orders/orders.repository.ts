import type { OrderStatus } from '@rhc/domain';
import { and, count, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  doctorProfiles,
  doctorSpecialties,
  examTypes,
  idempotencyKeys,
  orderDetails,
  orders,
  specialties,
  users,
  workUnits,
} from '../../db/schema/index.ts';

export type OrderInsert = typeof orders.$inferInsert;
export type OrderDetailInsert = typeof orderDetails.$inferInsert;

const doctors = alias(users, 'doctor');

/** One order with everything its views need (names in every language; the caller picks one). */
const orderView = {
  order: orders,
  detail: orderDetails,
  doctor: { id: doctors.id, fullName: doctors.fullName, avatarKey: doctors.avatarKey },
  specialty: { id: specialties.id, names: specialties.names },
  examType: { id: examTypes.id, names: examTypes.names },
  workUnit: { id: workUnits.id, names: workUnits.names, address: workUnits.address },
};

function selectOrderView(db: Db) {
  return db
    .select(orderView)
    .from(orders)
    .innerJoin(orderDetails, eq(orderDetails.orderId, orders.id))
    .leftJoin(doctors, eq(doctors.id, orders.doctorId))
    .leftJoin(specialties, eq(specialties.id, orderDetails.specialtyId))
    .leftJoin(examTypes, eq(examTypes.id, orderDetails.examTypeId))
    .leftJoin(workUnits, eq(workUnits.id, orderDetails.workUnitId));
}
export type OrderView = Awaited<ReturnType<ReturnType<typeof selectOrderView>['execute']>>[number];

/** Vietnam has had no DST since 1975: its wall clock is UTC+7, so the SQL needs no time-zone database. */
const vietnamStartsAt = sql`(${orders.startsAt} at time zone 'UTC' + interval '7 hours')`;

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

/** Builds the value on the first call and keeps it. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** The only SQL for orders, order_details and idempotency_keys. */
export function createOrdersRepository(db: Db) {
  // What every booking asks, prepared on first use: once for the service's own repository, planned once per connection.
  const prepared = {
    view: once(() =>
      selectOrderView(db)
        .where(eq(orders.id, sql.placeholder('id')))
        .prepare('order_view_by_id'),
    ),
    doctor: once(() =>
      db
        .select({ verifiedAt: doctorProfiles.verifiedAt, fullName: users.fullName, deletedAt: users.deletedAt })
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId))
        .where(eq(doctorProfiles.userId, sql.placeholder('doctorId')))
        .prepare('order_doctor'),
    ),
    doctorSpecialty: once(() =>
      db
        .select({ doctorId: doctorSpecialties.doctorId })
        .from(doctorSpecialties)
        .where(
          and(
            eq(doctorSpecialties.doctorId, sql.placeholder('doctorId')),
            eq(doctorSpecialties.specialtyId, sql.placeholder('specialtyId')),
          ),
        )
        .prepare('order_doctor_specialty'),
    ),
    examType: once(() =>
      db
        .select({ mode: examTypes.mode, slotMinutes: examTypes.slotMinutes })
        .from(examTypes)
        .where(eq(examTypes.id, sql.placeholder('id')))
        .prepare('order_exam_type'),
    ),
    account: once(() =>
      db
        .select({
          fullName: users.fullName,
          phone: users.phone,
          gender: users.gender,
          dateOfBirth: users.dateOfBirth,
          email: users.email,
          address: users.address,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('userId')))
        .prepare('order_account'),
    ),
    key: once(() =>
      db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key'))))
        .prepare('idempotency_key'),
    ),
  };
  return {
    async findView(id: string): Promise<OrderView | undefined> {
      const [row] = await prepared.view().execute({ id });
      return row;
    },

    async findViewBySecureCode(secureCode: string): Promise<OrderView | undefined> {
      const [row] = await selectOrderView(db).where(eq(orders.secureCode, secureCode));
      return row;
    },

    async page(filter: OrderFilter, page: number, size: number): Promise<{ rows: OrderView[]; total: number }> {
      const where = filterWhere(filter);
      const [rows, [totalRow]] = await Promise.all([
        selectOrderView(db)
          .where(where)
          .orderBy(desc(orders.startsAt), desc(orders.createdAt))
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
        .where(and(filterWhere(filter), gte(orders.startsAt, from), lt(orders.startsAt, to), ne(orders.status, 2)))
        .groupBy(day)
        .orderBy(day);
      return rows.map((row) => ({ day: row.day, count: row.n }));
    },

    async insert(order: OrderInsert, detail: Omit<OrderDetailInsert, 'orderId'>): Promise<string> {
      const [row] = await db.insert(orders).values(order).returning({ id: orders.id });
      if (!row) throw new Error('order not stored');
      await db.insert(orderDetails).values({ ...detail, orderId: row.id });
      return row.id;
    },

    /**
     * The conditional UPDATE of every state change: it matches only while the order is in one of `from` and, with
     * `startsAfter`, only while its appointment starts later than that instant.
     */
    async update(
      id: string,
      from: readonly OrderStatus[],
      order: Partial<Omit<OrderInsert, 'id'>>,
      detail: Partial<Omit<OrderDetailInsert, 'orderId'>> = {},
      startsAfter?: Date,
    ): Promise<boolean> {
      const [row] = await db
        .update(orders)
        .set(order)
        .where(and(eq(orders.id, id), inArray(orders.status, [...from]), startsAfter ? gt(orders.startsAt, startsAfter) : undefined))
        .returning({ id: orders.id });
      if (!row) return false;
      if (Object.keys(detail).length > 0) await db.update(orderDetails).set(detail).where(eq(orderDetails.orderId, id));
      return true;
    },

    async delete(id: string, from: readonly OrderStatus[]): Promise<boolean> {
      const rows = await db
        .delete(orders)
        .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /* ---------- what a booking refers to ---------- */

    async findDoctor(doctorId: string): Promise<{ verified: boolean; fullName: string } | undefined> {
      const [row] = await prepared.doctor().execute({ doctorId });
      if (!row || row.deletedAt) return undefined;
      return { verified: !!row.verifiedAt, fullName: row.fullName };
    },

    async doctorHasSpecialty(doctorId: string, specialtyId: number): Promise<boolean> {
      const [row] = await prepared.doctorSpecialty().execute({ doctorId, specialtyId });
      return !!row;
    },

    async findExamType(id: number): Promise<{ mode: string; slotMinutes: number } | undefined> {
      const [row] = await prepared.examType().execute({ id });
      return row;
    },

    async findAccount(userId: string) {
      const [row] = await prepared.account().execute({ userId });
      return row;
    },

    /* ---------- idempotency keys (R2) ---------- */

    /**
     * Claims a key inside the caller's transaction. While another transaction holds an uncommitted claim of the same
     * key, PostgreSQL makes this insert wait for it; so a duplicate sees either the committed answer or, when the
     * first attempt rolled back, no row at all and claims the key itself.
     */
    async claimKey(userId: string, key: string, requestHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },

    async findKey(userId: string, key: string) {
      const [row] = await prepared.key().execute({ userId, key });
      return row;
    },

    async storeKeyAnswer(userId: string, key: string, statusCode: number, response: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ statusCode, response })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
