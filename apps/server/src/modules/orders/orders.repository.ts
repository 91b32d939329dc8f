import { ORDER_KIND, ORDER_STATUS, VIETNAM_UTC_OFFSET_MINUTES, type OrderStatus } from '@rhc/domain';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.ts';
import { CHECK_VIOLATION, isViolation } from '../../db/errors.ts';
import { recipientColumns } from '../../db/recipient-columns.ts';
import {
  capacityResources,
  capacityTaken,
  doctorProfiles,
  doctorWorkTimes,
  orderLab,
  orderImaging,
  doctorSpecialties,
  examTypes,
  idempotencyKeys,
  orderDetails,
  orders,
  orderVaccines,
  specialties,
  users,
  workUnits,
} from '../../db/schema/index.ts';
import { auditInsert, type auditRow } from '../../platform/audit/audit-log.ts';
import { inAppFor, type InAppNotice } from '../../platform/messaging/in-app.ts';
import { queueMailFor, queueMessages, type OutgoingMail, type QueuedMessage } from '../../platform/messaging/messaging.ts';
import type { PlaceAsk, PlaceFacts, PlaceHold } from './category.ts';
import type { Recipient } from './order-notifications.ts';
import { doctorCalendarLock, holdDoctorCalendar, holidaysJson, workTimesJson, type WorkTimeWithUnit } from '../../db/doctor-calendar.ts';

export type OrderInsert = typeof orders.$inferInsert;
export type OrderDetailInsert = typeof orderDetails.$inferInsert;
type Names = (typeof specialties.$inferSelect)['names'];

/** Everything a booking is checked against and presented with, read in one round trip (decision 009). */
export interface BookingFacts {
  /** The person booking (the account the order belongs to). */
  account: Pick<typeof users.$inferSelect, 'fullName' | 'phone' | 'gender' | 'dateOfBirth' | 'email' | 'address'>;
  /** Null when there is no such living doctor; `contact` is whom a new booking is told to (issue 12). */
  doctor: { fullName: string; avatarKey: string | null; verified: boolean; contact: Recipient } | null;
  examType: { mode: string; slotMinutes: number; names: Names } | null;
  /** The specialty, only when the doctor holds it. */
  specialty: { names: Names } | null;
  /** The doctor's work times of the booked mode, each with its clinic. */
  workTimes: WorkTimeWithUnit[];
  holidays: { startDate: string; endDate: string }[];
  /** The stored answer of this person's Idempotency-Key, when the request carried one that was used before. */
  key: { requestHash: string; statusCode: number | null; response: unknown } | null;
}

/** A stored order and its detail, every column given (so an answer built from them is what the row holds). */
export type NewBooking = {
  order: typeof orders.$inferSelect;
  detail: typeof orderDetails.$inferSelect;
  /** A vaccine order's vaccine and dose, written by the same statement. */
  vaccine?: Omit<typeof orderVaccines.$inferSelect, 'orderId'> | null;
  /** A lab order's tests and place of collection (decision 044), written by the same statement. */
  lab?: Omit<typeof orderLab.$inferSelect, 'orderId'> | null;
  /** An imaging order's type, parts, answers and review (decision 045), written by the same statement. */
  imaging?: Omit<typeof orderImaging.$inferSelect, 'orderId'> | null;
  /** The counted place a capacity category's order takes (decision 044); none: it holds its doctor's time. */
  place?: PlaceHold | undefined;
};

type AuditRow = ReturnType<typeof auditRow>;

/**
 * Stores an Idempotency-Key with the answer a retry must hear, unless the person already holds that key: a row older
 * than `staleBefore` (not swept yet) is taken over, so a retry after the key's lifetime is a new attempt.
 */
function keyInsert(
  key: { userId: string; key: string; requestHash: string; statusCode: number; answer: unknown; at: Date; staleBefore: Date },
  from: SQL,
): SQL {
  return sql`insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
    select ${key.userId}::uuid, ${key.key}, ${key.requestHash}, ${key.statusCode}::int, ${JSON.stringify(key.answer)}::jsonb,
      ${key.at.toISOString()}::timestamptz ${from}
    on conflict (user_id, key) do update set request_hash = excluded.request_hash, status_code = excluded.status_code,
      response = excluded.response, created_at = excluded.created_at
    where idempotency_keys.created_at <= ${key.staleBefore.toISOString()}::timestamptz`;
}

const doctors = alias(users, 'doctor');

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

/** A list of texts as a `text[]` literal of the statement (each bound as a parameter). */
function sqlTextArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}

/**
 * Takes a counted place at `place.startsAt` (decision 044), returning the resource taken: of the first of
 * `place.resourceId` and `place.others` with a place left as this statement sees it (a clinic's machines of one
 * modality, decision 045), else of the first, whose CHECK (taken <= places) then fails the statement. `ON CONFLICT DO
 * UPDATE` counts on the latest committed row, so a machine another booking took meanwhile fails it too (the caller
 * tries again: the next statement sees it taken). `after`: a CTE of one row to gate it on (the claimed key).
 */
function placeInsert(place: PlaceHold, after?: SQL): SQL {
  const ids = [place.resourceId, ...(place.others ?? [])];
  const startsAt = place.startsAt.toISOString();
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return sql`insert into capacity_taken (resource_id, starts_at, places, taken)
    select r.id, ${startsAt}::timestamptz, r.places, 1
    from ${after ? sql`${after} cross join ` : sql``}capacity_resources r
      left join capacity_taken t on t.resource_id = r.id and t.starts_at = ${startsAt}::timestamptz
    where r.id in (${idList})
    order by coalesce(t.taken, 0) < r.places desc, array_position(array[${idList}], r.id)
    limit 1
    on conflict (resource_id, starts_at) do update set taken = capacity_taken.taken + 1, places = excluded.places
    returning resource_id`;
}

/** Builds the value on the first call and keeps it. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** The only SQL for orders, order_details, order_vaccines, order_lab, the counted places and idempotency_keys. */
export function createOrdersRepository(db: Db) {
  // What every booking asks, prepared on first use: once for the service's own repository, planned once per connection.
  const prepared = {
    view: once(() =>
      selectOrderView(db)
        .where(eq(orders.id, sql.placeholder('id')))
        .prepare('order_view_by_id'),
    ),
    // The booking's facts (decision 009): the owner's row joined with the doctor's, and the exam type, specialty, work
    // times, days off and the idempotency key as scalar subqueries.
    facts: once(() =>
      db
        .select({
          fullName: users.fullName,
          phone: users.phone,
          gender: users.gender,
          dateOfBirth: users.dateOfBirth,
          email: users.email,
          address: users.address,
          doctorName: doctors.fullName,
          doctorAvatarKey: doctors.avatarKey,
          doctorVerifiedAt: doctorProfiles.verifiedAt,
          doctorId: doctors.id,
          doctorPhone: doctors.phone,
          doctorEmail: doctors.email,
          doctorLanguage: doctors.language,
          doctorNotifySms: doctors.notifySms,
          doctorNotifyEmail: doctors.notifyEmail,
          doctorPhoneVerified: sql<boolean | null>`${doctors.phoneVerifiedAt} is not null`,
          examType: sql<
            BookingFacts['examType']
          >`(select json_build_object('mode', ${examTypes.mode}, 'slotMinutes', ${examTypes.slotMinutes},
              'names', ${examTypes.names})
            from ${examTypes} where ${examTypes.id} = ${sql.placeholder('examTypeId')})`,
          specialty: sql<BookingFacts['specialty']>`(select json_build_object('names', ${specialties.names})
            from ${doctorSpecialties} join ${specialties} on ${specialties.id} = ${doctorSpecialties.specialtyId}
            where ${doctorSpecialties.doctorId} = ${sql.placeholder('doctorId')} and ${doctorSpecialties.specialtyId} = ${sql.placeholder('specialtyId')})`,
          workTimes: workTimesJson<WorkTimeWithUnit>(sql.placeholder('doctorId'), sql.placeholder('mode'), true),
          holidays: holidaysJson(sql.placeholder('doctorId')),
          key: sql<BookingFacts['key']>`(select json_build_object('requestHash', ${idempotencyKeys.requestHash},
              'statusCode', ${idempotencyKeys.statusCode}, 'response', ${idempotencyKeys.response})
            from ${idempotencyKeys} where ${idempotencyKeys.userId} = ${users.id} and ${idempotencyKeys.key} = ${sql.placeholder('key')}
              and ${idempotencyKeys.createdAt} > ${sql.placeholder('keySince')}::timestamptz)`,
        })
        .from(users)
        .leftJoin(doctorProfiles, eq(doctorProfiles.userId, sql.placeholder('doctorId')))
        .leftJoin(doctors, and(eq(doctors.id, doctorProfiles.userId), isNull(doctors.deletedAt)))
        .where(eq(users.id, sql.placeholder('ownerId')))
        .prepare('booking_facts'),
    ),
    key: once(() =>
      db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, sql.placeholder('userId')),
            eq(idempotencyKeys.key, sql.placeholder('key')),
            sql`${idempotencyKeys.createdAt} > ${sql.placeholder('since')}::timestamptz`,
          ),
        )
        .prepare('idempotency_key'),
    ),
  };
  return {
    /** Takes the doctor's calendar lock until the transaction ends (a change queues behind bookings of that doctor). */
    holdDoctorCalendar(doctorId: string): Promise<void> {
      return holdDoctorCalendar(db, doctorId);
    },
    async findView(id: string): Promise<OrderView | undefined> {
      const [row] = await prepared.view().execute({ id });
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

    /**
     * The conditional UPDATE of every state change: it matches only while the order is in one of `from` and, with
     * `startsAfter`, only while its appointment starts later than that instant. Answers the order's new version (each
     * change raises it), or null when nothing matched.
     */
    async update(
      id: string,
      from: readonly OrderStatus[],
      order: Partial<Omit<OrderInsert, 'id'>>,
      detail: Partial<Omit<OrderDetailInsert, 'orderId'>> = {},
      startsAfter?: Date,
    ): Promise<number | null> {
      const [row] = await db
        .update(orders)
        .set({ ...order, version: sql`${orders.version} + 1` })
        .where(and(eq(orders.id, id), inArray(orders.status, [...from]), startsAfter ? gt(orders.startsAt, startsAfter) : undefined))
        .returning({ version: orders.version });
      if (!row) return null;
      if (Object.keys(detail).length > 0) await db.update(orderDetails).set(detail).where(eq(orderDetails.orderId, id));
      return row.version;
    },

    /** A vaccine order's new vaccine and dose (a patient's edit, decision 043). */
    async setVaccine(orderId: string, vaccine: Omit<typeof orderVaccines.$inferSelect, 'orderId'>): Promise<void> {
      await db
        .insert(orderVaccines)
        .values({ orderId, ...vaccine })
        .onConflictDoUpdate({ target: orderVaccines.orderId, set: vaccine });
    },

    /** A lab order's new tests and place of collection (an edit, decision 044). */
    async setLab(orderId: string, lab: Omit<typeof orderLab.$inferSelect, 'orderId'>): Promise<void> {
      await db
        .insert(orderLab)
        .values({ orderId, ...lab })
        .onConflictDoUpdate({ target: orderLab.orderId, set: lab });
    },

    /** An imaging order's new type, parts, answers and review (an edit, decision 045). */
    async setImaging(orderId: string, imaging: Omit<typeof orderImaging.$inferSelect, 'orderId'>): Promise<void> {
      await db
        .insert(orderImaging)
        .values({ orderId, ...imaging })
        .onConflictDoUpdate({ target: orderImaging.orderId, set: imaging });
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

    /** Queues messages in this transaction; one whose dedupe key is already queued is skipped. */
    async queue(messages: readonly QueuedMessage[], at: Date): Promise<void> {
      if (messages.length > 0) await db.execute(queueMessages(messages, at));
    },

    async delete(id: string, from: readonly OrderStatus[]): Promise<boolean> {
      const rows = await db
        .delete(orders)
        .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /* ---------- booking ---------- */

    /**
     * Undefined when the owner's account does not exist. `key` null: the request carried none; a key row stored before
     * `keySince` has expired and is not read.
     */
    async findBookingFacts(input: {
      ownerId: string;
      doctorId: string;
      /** Null: a category without exam types (a vaccination). */
      examTypeId: number | null;
      specialtyId: number;
      mode: string;
      key: string | null;
      keySince: Date;
    }): Promise<BookingFacts | undefined> {
      const [row] = await prepared.facts().execute({ ...input, keySince: input.keySince.toISOString() });
      if (!row) return undefined;
      const {
        doctorName,
        doctorAvatarKey,
        doctorVerifiedAt,
        doctorId,
        doctorPhone,
        doctorEmail,
        doctorLanguage,
        doctorNotifySms,
        doctorNotifyEmail,
        doctorPhoneVerified,
        examType,
        specialty,
        workTimes,
        holidays,
        key,
        ...account
      } = row;
      const doctor =
        doctorName === null || doctorId === null
          ? null
          : {
              fullName: doctorName,
              avatarKey: doctorAvatarKey,
              verified: doctorVerifiedAt !== null,
              contact: {
                id: doctorId,
                fullName: doctorName,
                phone: doctorPhone ?? '',
                email: doctorEmail ?? '',
                language: doctorLanguage ?? 'vi',
                notifySms: doctorNotifySms ?? false,
                notifyEmail: doctorNotifyEmail ?? false,
                // No SMS to a doctor's phone no SMS code has proven (decision 048).
                phoneVerified: doctorPhoneVerified === true,
              },
            };
      return { account, doctor, examType, specialty, workTimes, holidays, key };
    },

    /**
     * Stores a booking in ONE statement, so in one round trip and atomically: the doctor's calendar lock (so bookings
     * of one doctor queue rather than deadlock in the exclusion check, decision 009), the Idempotency-Key with its
     * answer, the order, its detail and the audit event. Answers false, writing nothing, when the key was already
     * claimed (by a request that has committed: a concurrent one waits for it on the key's primary key). The
     * confirmation mail, and the doctor's notices and in-app notice (issue 12), are queued by the same statement (decision 011). A double
     * booking fails the statement with 23P01, a repeated code with 23505.
     */
    async book(
      booking: NewBooking,
      audit: AuditRow,
      /** `userId`: whose key it is when not the order's owner's (a doctor's order for a patient, decision 027). */
      key: { key: string; requestHash: string; answer: unknown; staleBefore: Date; userId?: string } | null,
      mail: OutgoingMail | null,
      notices: readonly QueuedMessage[] = [],
      inApp: readonly InAppNotice[] = [],
    ): Promise<boolean> {
      const { order, detail, vaccine, lab, imaging, place } = booking;
      const iso = (instant: Date) => instant.toISOString();
      const claim = key
        ? sql`claimed as (${keyInsert({ ...key, userId: key.userId ?? order.userId, statusCode: 201, at: order.createdAt }, sql`from calendar`)} returning 1 as go)`
        : sql`claimed as (select 1 as go from calendar)`;
      // A counted place (decision 044), taken once the key is claimed: past the last one, capacity_taken's CHECK
      // (taken <= places) fails the whole statement. An order without one holds its doctor's time under the lock.
      const held = place ? sql`held as (${placeInsert(place, sql`claimed`)})` : sql`held as (select go from claimed)`;
      const result = await db.execute(sql`
        with calendar as (select ${place ? sql`1` : doctorCalendarLock(order.doctorId)} as held),
        ${claim},
        ${held},
        new_order as (
          insert into orders (id, code, secure_code, user_id, kind, profile_id, category, mode, status, doctor_id, starts_at, ends_at,
            created_by, updated_by, created_at, updated_at)
          select ${order.id}::uuid, ${order.code}, ${order.secureCode}, ${order.userId}::uuid, ${order.kind}::smallint,
            ${order.profileId}::uuid,
            ${order.category}, ${order.mode}, ${order.status}::smallint, ${order.doctorId}::uuid, ${iso(order.startsAt)}::timestamptz,
            ${iso(order.endsAt)}::timestamptz, ${order.createdBy}::uuid, ${order.updatedBy}::uuid, ${iso(order.createdAt)}::timestamptz,
            ${iso(order.updatedAt)}::timestamptz
          from held returning id),
        new_detail as (
          insert into order_details (order_id, specialty_id, exam_type_id, work_unit_id, check_day, check_hour, time_custom, reason,
            note, meeting_link, cancel_reason, patient_name, patient_phone, calling_code, country_name, patient_gender,
            patient_birthday, patient_email, patient_address)
          select id, ${detail.specialtyId}::smallint, ${detail.examTypeId}::smallint, ${detail.workUnitId}::smallint,
            ${detail.checkDay}::date, ${detail.checkHour}, ${detail.timeCustom}::boolean, ${detail.reason}, ${detail.note},
            ${detail.meetingLink}, ${detail.cancelReason}, ${detail.patientName}, ${detail.patientPhone}, ${detail.callingCode},
            ${detail.countryName}, ${detail.patientGender}, ${detail.patientBirthday}::date, ${detail.patientEmail},
            ${detail.patientAddress}
          from new_order),${
            vaccine
              ? sql`
        new_vaccine as (
          insert into order_vaccines (order_id, vaccine_id, vaccine_dose_id, schedule_id)
          select id, ${vaccine.vaccineId}, ${vaccine.vaccineDoseId}, ${vaccine.scheduleId} from new_order),`
              : sql``
          }${
            lab
              ? sql`
        new_lab as (
          insert into order_lab (order_id, at_home, district, address, phone, package_ids, test_ids, total_vnd)
          select id, ${lab.atHome}::boolean, ${lab.district}, ${lab.address}, ${lab.phone}, ${sqlTextArray(lab.packageIds)},
            ${sqlTextArray(lab.testIds)}, ${lab.totalVnd}::int from new_order),`
              : sql``
          }${
            imaging
              ? sql`
        new_imaging as (
          insert into order_imaging (order_id, type, items, contrast, screening, contrast_answers, review, total_vnd)
          select id, ${imaging.type}, ${sqlTextArray(imaging.items)}, ${imaging.contrast}::boolean,
            ${imaging.screening === null ? null : JSON.stringify(imaging.screening)}::jsonb,
            ${imaging.contrastAnswers === null ? null : JSON.stringify(imaging.contrastAnswers)}::jsonb,
            ${sqlTextArray(imaging.review)}, ${imaging.totalVnd}::int from new_order),`
              : sql``
          }${
            place
              ? sql`
        new_place as (
          insert into order_places (order_id, resource_id, starts_at)
          select new_order.id, held.resource_id, ${iso(place.startsAt)}::timestamptz from new_order, held),`
              : sql``
          }
        audit as (${auditInsert(audit, sql`new_order`)})${
          mail
            ? sql`,
        mail as (${queueMailFor(sql`new_order`, mail, order.createdAt)})`
            : sql``
        }${
          notices.length > 0
            ? sql`,
        notices as (${queueMessages(notices, order.createdAt, sql`new_order`)})`
            : sql``
        }${
          inApp.length > 0
            ? sql`,
        in_app as (${inAppFor(sql`new_order`, inApp, order.createdAt)})`
            : sql``
        }
        select count(*)::int as created from new_order`);
      return (rowsOf<{ created: number }>(result)[0]?.created ?? 0) > 0;
    },

    /** A refused booking: its audit event and, with a key, the refusal a retry must hear again; one statement. */
    async recordRefusal(
      audit: AuditRow,
      key: { userId: string; key: string; requestHash: string; answer: unknown; staleBefore: Date } | null,
    ) {
      const keep = key ? sql`with kept as (${keyInsert({ ...key, statusCode: 409, at: audit.occurredAt }, sql``)})` : sql``;
      await db.execute(sql`${keep} ${auditInsert(audit)}`);
    },

    /* ---------- counted places (decision 044) ---------- */

    /**
     * The resource a capacity category's booking asks for, and who at its clinic confirms and completes it: the first
     * (by id) verified, living holder of `specialtyId` with in-person working time at that clinic.
     */
    async findPlace(ask: PlaceAsk, specialtyId: number): Promise<PlaceFacts> {
      const rows = await db
        .select({
          id: capacityResources.id,
          places: capacityResources.places,
          workUnit: { id: workUnits.id, names: workUnits.names, address: workUnits.address },
        })
        .from(capacityResources)
        .innerJoin(workUnits, eq(workUnits.id, capacityResources.workUnitId))
        .where(
          and(
            eq(capacityResources.kind, ask.kind),
            ask.workUnitId === undefined ? undefined : eq(capacityResources.workUnitId, ask.workUnitId),
            eq(capacityResources.district, ask.district ?? ''),
            eq(capacityResources.modality, ask.modality ?? ''),
          ),
        )
        .orderBy(asc(capacityResources.id));
      const [resource] = rows;
      if (!resource) return { resource: null, resourceIds: [], staffId: null };
      // The first one's clinic's (a district may be visited from two clinics): its machines of a modality, decision 045.
      const resourceIds = rows.filter((row) => row.workUnit.id === resource.workUnit.id).map((row) => row.id);
      const [staff] = await db
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
        .innerJoin(doctorSpecialties, eq(doctorSpecialties.doctorId, users.id))
        .innerJoin(doctorWorkTimes, eq(doctorWorkTimes.doctorId, users.id))
        .where(
          and(
            isNull(users.deletedAt),
            sql`${doctorProfiles.verifiedAt} is not null`,
            eq(doctorSpecialties.specialtyId, specialtyId),
            eq(doctorWorkTimes.mode, 'direct'),
            eq(doctorWorkTimes.workUnitId, resource.workUnit.id),
          ),
        )
        .orderBy(asc(users.id))
        .limit(1);
      return { resource, resourceIds, staffId: staff?.id ?? null };
    },

    /** The areas a kind of resource visits (home collection's districts), in order. */
    async districtsOf(kind: PlaceAsk['kind']): Promise<string[]> {
      const rows = await db
        .selectDistinct({ district: capacityResources.district })
        .from(capacityResources)
        .where(and(eq(capacityResources.kind, kind), ne(capacityResources.district, '')))
        .orderBy(asc(capacityResources.district));
      return rows.map((row) => row.district);
    },

    /** The clinics with a resource of `kind` (and `modality`), in id order: where a kind of imaging is done. */
    async workUnitsWith(kind: PlaceAsk['kind'], modality: string) {
      return db
        .selectDistinct({ id: workUnits.id, names: workUnits.names, address: workUnits.address })
        .from(capacityResources)
        .innerJoin(workUnits, eq(workUnits.id, capacityResources.workUnitId))
        .where(and(eq(capacityResources.kind, kind), eq(capacityResources.modality, modality)))
        .orderBy(asc(workUnits.id));
    },

    /** The places taken of a resource at each start in [from, to). */
    async takenBetween(resourceId: number, from: Date, to: Date): Promise<{ startsAt: Date; taken: number }[]> {
      return db
        .select({ startsAt: capacityTaken.startsAt, taken: capacityTaken.taken })
        .from(capacityTaken)
        .where(and(eq(capacityTaken.resourceId, resourceId), gte(capacityTaken.startsAt, from), lt(capacityTaken.startsAt, to)));
    },

    /**
     * Frees the place the order holds, if it holds one (decision 044), on the caller's transaction: its row in
     * order_places goes and its count falls by one. Run again, it frees nothing: a place is freed once only.
     */
    async releasePlace(orderId: string): Promise<void> {
      await db.execute(sql`
        with freed as (delete from order_places where order_id = ${orderId}::uuid returning resource_id, starts_at)
        update capacity_taken set taken = capacity_taken.taken - 1 from freed
        where capacity_taken.resource_id = freed.resource_id and capacity_taken.starts_at = freed.starts_at`);
    },

    /**
     * Takes a counted place for the order on the caller's transaction (an edit that moves it, decision 044): past the
     * last one, capacity_taken's CHECK (taken <= places) fails the statement.
     */
    async takePlace(orderId: string, place: PlaceHold): Promise<void> {
      const startsAt = place.startsAt.toISOString();
      const take = (on: Db) =>
        on.execute(sql`
        with held as (${placeInsert(place)})
        insert into order_places (order_id, resource_id, starts_at)
        select ${orderId}::uuid, resource_id, ${startsAt}::timestamptz from held`);
      const others = place.others?.length ?? 0;
      if (others === 0) {
        await take(db);
        return;
      }
      // One of several machines (decision 045): one taken meanwhile by a concurrent booking fails the statement; in a
      // savepoint, so the next attempt (which sees it taken) runs in the same transaction. Past the last, every one was.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await db.transaction((savepoint) => take(savepoint));
          return;
        } catch (error) {
          if (attempt >= others || !isViolation(error, CHECK_VIOLATION, 'capacity_taken_within_places')) throw error;
        }
      }
    },

    /* ---------- idempotency keys (R2) ---------- */

    /** The person's key, unless it was stored before `since` (expired). */
    async findKey(userId: string, key: string, since: Date) {
      const [row] = await prepared.key().execute({ userId, key, since: since.toISOString() });
      return row;
    },

    /** Deletes up to `limit` keys stored before `olderThan` (their answers hold patient details); answers how many. */
    async deleteKeysCreatedBefore(olderThan: Date, limit: number): Promise<number> {
      const result = await db.execute(sql`
        with stale as (
          select ${idempotencyKeys.userId} as user_id, ${idempotencyKeys.key} as key from ${idempotencyKeys}
          where ${idempotencyKeys.createdAt} < ${olderThan.toISOString()}::timestamptz
          order by ${idempotencyKeys.createdAt} limit ${limit})
        delete from idempotency_keys using stale
        where idempotency_keys.user_id = stale.user_id and idempotency_keys.key = stale.key
        returning 1`);
      return rowsOf(result).length;
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/* ---------- a booking's profile (relatives, decision 025), offered by order-profiles.ts ---------- */

/** The booking is now for that profile, unless it names one already. */
export async function setOrderProfile(db: Db, orderId: string, profileId: string): Promise<void> {
  await db
    .update(orders)
    .set({ profileId })
    .where(and(eq(orders.id, orderId), isNull(orders.profileId)));
}

/**
 * The profile's bookings become the account's own (booked for themself by them). Answers their ids: their places in
 * an earlier-slot queue move with them, through the waitlist module.
 */
export async function takeOverProfileOrders(db: Db, profileId: string, accountId: string, now: Date): Promise<string[]> {
  const moved = await db
    .update(orders)
    .set({ userId: accountId, kind: ORDER_KIND.self, updatedAt: now })
    .where(eq(orders.profileId, profileId))
    .returning({ id: orders.id });
  return moved.map((row) => row.id);
}
