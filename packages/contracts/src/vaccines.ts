import {
  AGE_BANDS,
  VACCINATION_DETAILS,
  VACCINATION_STATUSES,
  VACCINE_IDS,
  VACCINE_SCHEDULE_IDS,
  VACCINE_TEXT_MAX_LENGTH,
} from '@rhc/domain';
import { z } from 'zod/mini';
import { CalendarDaySchema } from './accounts.ts';
import { lazySchema } from './lazy-schema.ts';
import { invalid, optionalText } from './text.ts';

/*
 * Vaccinations (spec §1, §2 "/vaccines/", §3 "Vaccine data", §4 status and the history modal, §5, §8; issue 50). A
 * person is addressed by `infoId`, as in health monitoring: my own user id or a profile I manage reads and writes;
 * someone who shares "vaccines" with me reads (the read lands in their access log). Another person's → 404. The
 * statuses are the server's, computed by `vaccineStatuses` of @rhc/domain from the date of birth, the history, the
 * schedule and today.
 */

const choose = { error: 'validation.choose' };
export const VaccineIdSchema = lazySchema(() => z.enum(VACCINE_IDS, { error: 'validation.vaccine_required' }));
export const VaccineScheduleIdSchema = lazySchema(() => z.enum(VACCINE_SCHEDULE_IDS, choose));
/** A dose of a schedule: `<vaccine>.<order>` (`hepatitis_b.2`), the spec's `vaccineDoseId`. */
export const VaccineDoseIdSchema = lazySchema(() =>
  z.string({ error: 'validation.dose_required' }).check(z.regex(/^[a-z0-9_]{2,40}\.[1-9][0-9]?$/, { error: 'validation.dose_required' })),
);

export const VaccineHistoryParamsSchema = lazySchema(() => z.object({ infoId: z.uuid(invalid), id: z.uuid(invalid) }));
export const VaccinationQuerySchema = lazySchema(() =>
  /** Which schedule to read the statuses against; the default is Vietnam's EPI (decision 042). */
  z.object({ schedule: z.optional(VaccineScheduleIdSchema) }),
);

/** A dose in the history (the modal of §4): given elsewhere and added by hand, or recorded by a completed vaccine order. */
export const VaccineHistoryBodySchema = lazySchema(() =>
  z.object({
    vaccineId: VaccineIdSchema,
    /** The day it was given: not before the date of birth and not after today (checked by the server). */
    givenOn: CalendarDaySchema,
    /** Where, when known (a clinic, a commune health station, abroad). */
    place: z._default(optionalText(VACCINE_TEXT_MAX_LENGTH), ''),
    note: z._default(optionalText(VACCINE_TEXT_MAX_LENGTH), ''),
  }),
);
export type VaccineHistoryBody = z.input<typeof VaccineHistoryBodySchema>;

export const VaccineHistoryEntrySchema = lazySchema(() =>
  z.extend(VaccineHistoryBodySchema, {
    id: z.uuid(),
    infoId: z.uuid(),
    /** The vaccine order that recorded it when completed; null for a dose added by hand. */
    orderId: z.nullable(z.uuid()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type VaccineHistoryEntry = z.infer<typeof VaccineHistoryEntrySchema>;

/** One dose of a vaccine's series as the schedule places it for this person, and whether a valid dose fills it. */
export const ScheduledDoseSchema = lazySchema(() =>
  z.object({
    id: VaccineDoseIdSchema,
    order: z.int(),
    /** The spec's age notation: `2M`, `1Y-2Y`, `5Y+`, `preg:32W-36W`. */
    ages: z.string(),
    /** The window as days for this person's date of birth (null: open-ended, or not a date for this person). */
    dueFrom: z.nullable(z.iso.date()),
    dueUntil: z.nullable(z.iso.date()),
    /** The history entry that counts as this dose. */
    historyId: z.nullable(z.uuid()),
    givenOn: z.nullable(z.iso.date()),
  }),
);
export type ScheduledDose = z.infer<typeof ScheduledDoseSchema>;

export const VaccineStatusSchema = lazySchema(() =>
  z.object({
    vaccineId: VaccineIdSchema,
    /** The age bands the vaccine concerns in this schedule (the charts of §1). */
    bands: z.array(z.enum(AGE_BANDS)),
    status: z.enum(VACCINATION_STATUSES),
    detail: z.nullable(z.enum(VACCINATION_DETAILS)),
    validDoses: z.int(),
    /** Doses the series needs; null for a recurring vaccine (influenza each season, Td every 10 years). */
    requiredDoses: z.nullable(z.int()),
    recurring: z.boolean(),
    /** A risk-based or shared-decision item: "discuss with a doctor" rather than "missing". */
    riskBased: z.boolean(),
    nextDose: z.nullable(ScheduledDoseSchema),
    doses: z.array(ScheduledDoseSchema),
    /** History entries of this vaccine that do not count (too early for the age or the interval), with why. */
    invalid: z.array(z.object({ historyId: z.uuid(), reason: z.enum(['too_young', 'too_soon']) })),
  }),
);
export type VaccineStatusView = z.infer<typeof VaccineStatusSchema>;

/** GET /vaccines/{infoId}: a person's vaccination record against one schedule. */
export const VaccinationRecordSchema = lazySchema(() =>
  z.object({
    infoId: z.uuid(),
    schedule: z.object({
      id: VaccineScheduleIdSchema,
      /** The day the schedule was issued (shown beside its name). */
      publishedOn: z.iso.date(),
      source: z.url(),
    }),
    /** Null when the person's date of birth is not known: no status can be computed, the history still shows. */
    dateOfBirth: z.nullable(z.iso.date()),
    /** The day the statuses were computed for (Asia/Ho_Chi_Minh). */
    today: z.iso.date(),
    statuses: z.array(VaccineStatusSchema),
    history: z.array(VaccineHistoryEntrySchema),
    /** Whether the person (or the profile's manager) is told when a dose becomes due or overdue. */
    reminders: z.boolean(),
    /** Whether the caller may change the history (me, a profile I manage); a watcher reads only. */
    canManage: z.boolean(),
  }),
);
export type VaccinationRecord = z.infer<typeof VaccinationRecordSchema>;

export const VaccineHistoryDeletedSchema = lazySchema(() => z.object({ id: z.uuid() }));
export const VaccineRemindersBodySchema = lazySchema(() => z.object({ enabled: z.boolean(invalid) }));
