import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { once, rowsOf, type Db } from '../../db/client.ts';
import { personColumns } from '../../db/person-columns.ts';
import {
  doctorProfiles,
  doctorSpecialties,
  examTypes,
  idempotencyKeys,
  type orderDetails,
  type orderImaging,
  type orderLab,
  type orders,
  type orderVaccines,
  specialties,
  users,
} from '../../db/schema/index.ts';
import { auditInsert, type auditRow } from '../../platform/audit/audit-log.ts';
import { inAppFor, type InAppNotice } from '../../platform/messaging/in-app.ts';
import { queueMailFor, queueMessages, type OutgoingMail, type QueuedMessage } from '../../platform/messaging/messaging.ts';
import type { PlaceHold } from './category.ts';
import type { Recipient } from './order-notifications.ts';
import { doctors } from './order-reads.repository.ts';
import { placeInsert } from './places.repository.ts';
import { doctorCalendarLock, holidaysJson, workTimesJson, type WorkTimeWithUnit } from '../../db/doctor-calendar.ts';

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

/** A list of texts as a `text[]` literal of the statement (each bound as a parameter). */
function sqlTextArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}

/** The orders repository's booking: its facts, the one statement that stores it or its refusal, and idempotency keys (R2). */
export function createBooking(db: Db) {
  // What every booking asks, prepared on first use: once for the service's own repository, planned once per connection.
  const prepared = {
    // The booking's facts (decision 009): the owner's row joined with the doctor's, and the exam type, specialty, work
    // times, days off and the idempotency key as scalar subqueries.
    facts: once(() =>
      db
        .select({
          ...personColumns,
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
