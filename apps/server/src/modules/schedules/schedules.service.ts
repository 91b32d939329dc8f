import type { DoctorScheduleMonth, FreeTime, Holiday, WorkMode, WorkOccurrence, WorkTime, WorkTimeBody } from '@rhc/contracts';
import {
  clockTime,
  DEFAULT_SLOT_MINUTES,
  freeSlots,
  doctorStatusOf,
  isHoliday,
  overlappingHoliday,
  vietnamDay,
  vietnamInstant,
  workTimeDays,
  workTimesOverlap,
} from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { Db } from '../../db/client.ts';
import type { OutboxDispatcher } from '../../platform/messaging/outbox-dispatcher.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { createAvailability, findWorkTimeFor } from './availability.ts';
import {
  monthOf,
  holidaysWithin,
  toHoliday,
  workTimeValues,
  toDomainCandidate,
  type Calendar,
  inWorkTime,
  confirmToken,
  toAffected,
  daysSpan,
  occurrencesSpan,
} from './schedule-values.ts';
import {
  createSchedulesRepository,
  toDomainWorkTime,
  withDoctorScheduleLock,
  type SchedulesRepository,
  type WorkTimeRow,
  type WorkUnitRow,
} from './schedules.repository.ts';

export interface SchedulesDeps {
  db: Db;
  catalog: CatalogService;
  /** Wakes the dispatcher after a change queued notices. */
  outbox: Pick<OutboxDispatcher, 'wake'>;
  /**
   * Tells the patients of bookings a confirmed change left outside working time (the orders service, in the change's
   * transaction, decision 047); `changeId` names the change in the notices' dedupe keys. Answers how many messages it queued.
   */
  tellOutsideWorkTime: (tx: Db, orderIds: readonly string[], changeId: string, now: Date) => Promise<number>;
}

export function createSchedulesService(deps: SchedulesDeps) {
  const { db } = deps;
  const repository = createSchedulesRepository(db);
  const availability = createAvailability(db);

  /** Only a doctor (job 1) whom an operator has verified manages working time (spec §6). */
  async function requireWorkingDoctor(userId: string): Promise<void> {
    const status = await deps.catalog.doctorStatus(userId);
    if (!status?.isDoctor) throw new AppError(403, 'NOT_A_DOCTOR');
    if (!status.verified) throw new AppError(403, 'DOCTOR_NOT_VERIFIED');
  }

  /** A doctor a patient may look at: unknown, deleted, not a doctor or unverified all answer 404 alike. */
  async function requireBookableDoctor(doctorId: string): Promise<void> {
    const status = await deps.catalog.doctorStatus(doctorId);
    if (!status?.verified) throw AppError.notFound();
  }

  async function workUnitsOf(rows: WorkTimeRow[]): Promise<Map<number, WorkUnitRow>> {
    const ids = [...new Set(rows.flatMap((row) => (row.workUnitId === null ? [] : [row.workUnitId])))];
    return new Map((await repository.listWorkUnits(ids)).map((unit) => [unit.id, unit]));
  }

  function toWorkTime(row: WorkTimeRow, units: Map<number, WorkUnitRow>, language: Language): WorkTime {
    const domain = toDomainWorkTime(row);
    const unit = row.workUnitId === null ? undefined : units.get(row.workUnitId);
    return {
      id: row.id,
      mode: domain.mode,
      day: domain.day,
      start: domain.start,
      end: domain.end,
      startsAt: vietnamInstant(domain.day, domain.start).toISOString(),
      endsAt: vietnamInstant(domain.day, domain.end).toISOString(),
      recurrence:
        domain.recurrence.type === 'none' ? { type: 'none' } : { ...domain.recurrence, weekdays: domain.recurrence.weekdays ?? [] },
      workUnit: unit ? { id: unit.id, name: unit.names[language], address: unit.address } : null,
    };
  }

  async function presentWorkTimes(rows: WorkTimeRow[], language: Language): Promise<WorkTime[]> {
    const units = await workUnitsOf(rows);
    return rows.map((row) => toWorkTime(row, units, language));
  }

  function occurrencesOn(day: string, rows: WorkTimeRow[], units: Map<number, WorkUnitRow>, language: Language): WorkOccurrence[] {
    return rows
      .filter((row) => workTimeDays(toDomainWorkTime(row), day, day).length > 0)
      .sort((a, b) => a.startMinute - b.startMinute)
      .map((row) => ({
        workTimeId: row.id,
        mode: row.mode as WorkMode,
        start: clockTime(row.startMinute),
        end: clockTime(row.endMinute),
        workUnitName: row.workUnitId === null ? null : (units.get(row.workUnitId)?.names[language] ?? null),
      }));
  }

  /**
   * Under the doctor's schedule lock: the bookings to come (within `span`) that lie in working time now and would not after
   * the change. None, or the doctor confirmed exactly these (`confirm`): the change is written (`write`) and each booking's
   * patient told in the same transaction. Else 409 SCHEDULE_HAS_BOOKINGS lists them with the token that confirms them.
   */
  async function changeOverBookings<T>(input: {
    locked: SchedulesRepository;
    tx: Db;
    doctorId: string;
    span: { from: Date; to: Date };
    now: Date;
    confirm: string | undefined;
    before: Calendar;
    after: Calendar;
    write: () => Promise<T>;
    changeId: (written: T) => string;
  }): Promise<{ written: T; queued: number }> {
    const { locked, doctorId, span, now } = input;
    const bookings = await locked.listBookingsToCome(doctorId, span.from, span.to, now);
    const affected = bookings.filter((booking) => inWorkTime(input.before, booking) && !inWorkTime(input.after, booking));
    if (affected.length > 0 && input.confirm !== confirmToken(affected)) {
      throw new AppError(409, 'SCHEDULE_HAS_BOOKINGS', { count: affected.length }, undefined, undefined, {
        affected: { bookings: affected.map(toAffected), confirm: confirmToken(affected) },
      });
    }
    const written = await input.write();
    const queued =
      affected.length === 0
        ? 0
        : await deps.tellOutsideWorkTime(
            input.tx,
            affected.map((booking) => booking.id),
            input.changeId(written),
            now,
          );
    return { written, queued };
  }

  /** The month a doctor sees of themself (that the path's id is the caller's is declared on the endpoint, issue 48). */
  async function loadOwnMonth(doctorId: string, year: number, month: number) {
    const range = monthOf(year, month);
    const [rows, holidays] = await Promise.all([repository.listWorkTimes(doctorId), repository.listHolidays(doctorId)]);
    const inMonth = rows.filter((row) => workTimeDays(toDomainWorkTime(row), range.from, range.to).length > 0);
    return { range, rows: inMonth, holidays: holidaysWithin(holidays, range.from, range.to), units: await workUnitsOf(inMonth) };
  }

  return {
    /** An account's erasure (decision 052): a doctor's calendar (working times, days off), in its transaction. */
    eraseDoctor(tx: Db, doctorId: string): Promise<number> {
      return createSchedulesRepository(tx).eraseDoctor(doctorId);
    },
    /** Whether existing bookings still lie inside their doctor's working time (orders asks, page by page). */
    workTimeChecker: availability.workTimeChecker,
    /** The working time whose occurrence holds a span, or null (a booking is checked against it). */
    findWorkTimeFor,
    /**
     * Creates (`target.mode`) or changes (`target.id`; its mode stays, so a change never moves a working time between
     * in person and online) one of the doctor's own working times. Checked in this order:
     * doctor (403), same Vietnam day (400), place for in-person work (400), start in the future (422), and no
     * overlap with any other working time of theirs in either mode (409), under the doctor's schedule lock.
     */
    async saveWorkTime(input: {
      doctorId: string;
      target: { mode: WorkMode } | { id: string };
      body: WorkTimeBody;
      now: Date;
      language: Language;
    }): Promise<WorkTime> {
      const { doctorId, body, language } = input;
      const id = 'id' in input.target ? input.target.id : undefined;
      let mode: WorkMode;
      if ('mode' in input.target) mode = input.target.mode;
      else {
        // Someone else's (or nobody's) working time is 404 for anyone, doctor or not, before any role is checked.
        const existing = await repository.findWorkTime(doctorId, input.target.id);
        if (!existing) throw AppError.notFound();
        mode = existing.mode as WorkMode;
      }
      await requireWorkingDoctor(doctorId);
      const values = workTimeValues(body, mode, language);
      if (mode === 'direct') {
        if (values.workUnitId == null) throw new AppError(400, 'WORK_TIME_PLACE_REQUIRED');
        if (!(await repository.findWorkUnit(values.workUnitId))) throw fieldError(language, 'body.workUnitId', 'validation.invalid');
      }
      if (Date.parse(body.startsAt) <= input.now.getTime()) throw new AppError(422, 'WORK_TIME_PAST');
      const candidate = toDomainCandidate(values, body, mode);
      const { row, queued } = await withDoctorScheduleLock(db, doctorId, async (locked, tx) => {
        const others = await locked.listOtherWorkTimes(doctorId, id);
        if (others.some((other) => workTimesOverlap(candidate, toDomainWorkTime(other)))) throw new AppError(409, 'WORK_TIME_OVERLAP');
        if (!id) return { row: await locked.insertWorkTime(doctorId, values, input.now), queued: 0 };
        // A change may take hours or days away from bookings made in them (decision 047): asked first, then told.
        const current = await locked.findWorkTime(doctorId, id);
        if (!current) return { row: undefined, queued: 0 };
        const holidays = await locked.listHolidays(doctorId);
        const changed = await changeOverBookings({
          locked,
          tx,
          doctorId,
          span: occurrencesSpan(current),
          now: input.now,
          confirm: body.confirm,
          before: { workTimes: [...others, current], holidays },
          after: { workTimes: [...others, { ...current, ...values }], holidays },
          write: () => locked.updateWorkTime(doctorId, id, values, input.now),
          changeId: () => `work-time:${id}:${input.now.getTime()}`,
        });
        return { row: changed.written, queued: changed.queued };
      });
      // Deleted between the look-up and the lock.
      if (!row) throw AppError.notFound();
      if (queued > 0) deps.outbox.wake();
      return toWorkTime(row, await workUnitsOf([row]), language);
    },

    /**
     * Removes one of the doctor's own working times. Bookings made in it stay as they are, flagged `outsideWorkTime`
     * (decision 047): with bookings to come in it, only with the doctor's confirmation, and their patients are told.
     */
    async deleteWorkTime(doctorId: string, id: string, confirm: string | undefined, now: Date): Promise<void> {
      const queued = await withDoctorScheduleLock(db, doctorId, async (locked, tx) => {
        const current = await locked.findWorkTime(doctorId, id);
        if (!current) throw AppError.notFound();
        const [others, holidays] = await Promise.all([locked.listOtherWorkTimes(doctorId, id), locked.listHolidays(doctorId)]);
        const changed = await changeOverBookings({
          locked,
          tx,
          doctorId,
          span: occurrencesSpan(current),
          now,
          confirm,
          before: { workTimes: [...others, current], holidays },
          after: { workTimes: others, holidays },
          write: () => locked.deleteWorkTime(doctorId, id),
          changeId: () => `work-time:${id}:${now.getTime()}`,
        });
        if (!changed.written) throw AppError.notFound();
        return changed.queued;
      });
      if (queued > 0) deps.outbox.wake();
    },

    async listMyWorkTimes(doctorId: string, language: Language): Promise<WorkTime[]> {
      return presentWorkTimes(await repository.listWorkTimes(doctorId), language);
    },

    /**
     * Adds days off to the doctor's own (403 for someone not a doctor). Days already off in another range are refused
     * (409 HOLIDAY_OVERLAP) rather than stored twice: one day off is one range to see and to remove. Under the doctor's
     * schedule lock, so two requests at once cannot both pass the check.
     */
    async createHoliday(
      doctorId: string,
      body: { startDate: string; endDate: string; confirm?: string | undefined },
      now: Date,
    ): Promise<Holiday> {
      await requireWorkingDoctor(doctorId);
      const { written, queued } = await withDoctorScheduleLock(db, doctorId, async (locked, tx) => {
        const holidays = await locked.listHolidays(doctorId);
        if (overlappingHoliday(body, holidays)) throw new AppError(409, 'HOLIDAY_OVERLAP');
        // Days off over bookings (decision 047): the doctor is asked first, and each booking's patient told.
        const workTimes = await locked.listWorkTimes(doctorId);
        return changeOverBookings({
          locked,
          tx,
          doctorId,
          span: daysSpan(body.startDate, body.endDate),
          now,
          confirm: body.confirm,
          before: { workTimes, holidays },
          after: { workTimes, holidays: [...holidays, body] },
          write: () => locked.insertHoliday(doctorId, body.startDate, body.endDate, now),
          changeId: (row) => `holiday:${row.id}`,
        });
      });
      if (queued > 0) deps.outbox.wake();
      return toHoliday(written);
    },

    async deleteHoliday(doctorId: string, id: string): Promise<void> {
      if (!(await repository.deleteHoliday(doctorId, id))) throw AppError.notFound();
    },

    /** A doctor's days off: my own, or a bookable doctor's (the booking calendar disables them). */
    async listHolidays(actorId: string, doctorId: string | undefined): Promise<Holiday[]> {
      if (doctorId && doctorId !== actorId) await requireBookableDoctor(doctorId);
      return (await repository.listHolidays(doctorId ?? actorId)).map(toHoliday);
    },

    async doctorScheduleMonth(doctorId: string, query: { year: number; month: number }, language: Language): Promise<DoctorScheduleMonth> {
      const { range, rows, holidays, units } = await loadOwnMonth(doctorId, query.year, query.month);
      const spans = await repository.listActiveOrderSpans(doctorId, range.start, range.end);
      return {
        workTimes: rows.map((row) => toWorkTime(row, units, language)),
        holidays: holidays.map(toHoliday),
        days: range.days.map((day) => ({
          day,
          holiday: isHoliday(day, holidays),
          occurrences: occurrencesOn(day, rows, units, language),
          bookings: spans.filter((span) => vietnamDay(span.startsAt) === day).length,
        })),
      };
    },

    async doctorScheduleDay(
      doctorId: string,
      query: { year: number; month: number; day: number; page: number; size: number },
      language: Language,
    ): Promise<{ items: WorkOccurrence[]; total: number; page: number; size: number }> {
      const { range, rows, units } = await loadOwnMonth(doctorId, query.year, query.month);
      const day = range.days[query.day - 1];
      if (!day) throw fieldError(language, 'querystring.day', 'validation.invalid');
      const occurrences = occurrencesOn(day, rows, units, language);
      const first = query.page * query.size;
      return { items: occurrences.slice(first, first + query.size), total: occurrences.length, page: query.page, size: query.size };
    },

    /** The days of a month a bookable doctor works (in `mode`, if given), days off excluded. */
    async scheduleInMonth(input: { doctorId: string; year: number; month: number; mode?: WorkMode }): Promise<{ days: string[] }> {
      await requireBookableDoctor(input.doctorId);
      const range = monthOf(input.year, input.month);
      const [rows, holidays] = await Promise.all([
        repository.listWorkTimes(input.doctorId, input.mode),
        repository.listHolidays(input.doctorId),
      ]);
      const working = new Set(rows.flatMap((row) => workTimeDays(toDomainWorkTime(row), range.from, range.to)));
      return { days: range.days.filter((day) => working.has(day) && !isHoliday(day, holidays)) };
    },

    /**
     * The bookable slots of a month: each working time of the mode cut into the exam type's slot length (when the
     * exam type is of that mode, else the default), minus days off, anything not after `now`, and any slot an active
     * order of the doctor overlaps (an order may be longer or shorter than a slot, so overlap, not equal starts).
     */
    async freeTime(input: {
      doctorId: string;
      mode: WorkMode;
      year: number;
      month: number;
      examTypeId?: number;
      now: Date;
      language: Language;
    }): Promise<FreeTime> {
      const range = monthOf(input.year, input.month);
      const inputs = await repository.findFreeTimeInputs({
        doctorId: input.doctorId,
        mode: input.mode,
        examTypeId: input.examTypeId,
        from: range.start,
        to: range.end,
      });
      if (!inputs || !doctorStatusOf(inputs.doctor).verified) throw AppError.notFound();
      const { examType, holidays } = inputs;
      const slotMinutes = examType?.mode === input.mode ? examType.slotMinutes : DEFAULT_SLOT_MINUTES;
      const slots = freeSlots({
        workTimes: inputs.workTimes.map(toDomainWorkTime),
        holidays,
        busy: inputs.busy,
        from: range.from,
        to: range.to,
        now: input.now,
        slotMinutes,
        mode: input.mode,
      });
      // An in-person slot names its clinic by id (the patient sees where before confirming); each clinic is listed once.
      const clinicOf = inputs.workTimes.map((row) => (row.workUnit ? row.workUnitId : null));
      const clinics = new Map<number, FreeTime['clinics'][number]>();
      const days: FreeTime['days'] = [];
      let current: FreeTime['days'][number] | undefined;
      for (const slot of slots) {
        const clinicId = clinicOf[slot.workTime] ?? null;
        if (clinicId !== null && !clinics.has(clinicId)) {
          const unit = inputs.workTimes[slot.workTime]?.workUnit;
          if (unit) clinics.set(clinicId, { id: clinicId, name: unit.names[input.language], address: unit.address });
        }
        // The slots come in time order, so a day's are together.
        if (current?.day !== slot.day) days.push((current = { day: slot.day, slots: [] }));
        current.slots.push({ hour: clockTime(slot.minute), clinicId });
      }
      return {
        days,
        holidays: holidaysWithin(holidays, range.from, range.to).map((row) => ({ startDate: row.startDate, endDate: row.endDate })),
        clinics: [...clinics.values()],
      };
    },
  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;
