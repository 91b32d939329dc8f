import { DEFAULT_VACCINE_SCHEDULE, isDoseOf, VACCINE_ORDER_NOTE_MAX_LENGTH } from '@rhc/domain';
import { z } from 'zod/mini';
import { CalendarDaySchema } from './accounts.ts';
import { SerialIdSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';
import { bookingPersonFields, bookingPersonNamed } from './orders.ts';
import { ClockTimeSchema } from './schedules.ts';
import { optionalText, required } from './text.ts';
import { VaccineDoseIdSchema, VaccineIdSchema, VaccineScheduleIdSchema } from './vaccines.ts';

/*
 * Vaccine orders (issue 50, decision 043; spec §2 "/vaccine-registration/", "/vaccine-order/edit/{id}", §3 "Exam and
 * vaccine order request" `vaccineId`, `scheduleId`, `vaccineDoseId`, §5 "vaccine" and "dose" required, §8 "vaccine
 * order saved"). A vaccination is an order of the `vaccine` category on the order core: booked and edited by the calls
 * below, read, confirmed, cancelled and completed by the shared order calls (`/order/…`), whose answer carries the
 * `vaccine` it holds.
 */

/**
 * POST /vaccine-order/{userId} (with an Idempotency-Key, as an examination's booking) and PUT /vaccine-order/{id}.
 *
 * - `vaccineId` and `vaccineDoseId` (`<vaccine>.<order>`, a dose of that vaccine: `hepatitis_b.2`) of the schedule
 *   `scheduleId` (Vietnam's EPI by default, decision 042).
 * - `doctorId`: a verified doctor (or nurse) of the vaccination specialty (`VACCINATION_SPECIALTY_ID` of
 *   @rhc/domain; `GET /doctors?specialtyId=13&mode=direct`); `checkDay`/`checkHour`: one of their free in-person slots
 *   (`POST /user-freetime-in-month/{doctorId}` without `examTypeId`: slots of `DEFAULT_SLOT_MINUTES`), Vietnam time.
 *   A vaccination is given in person: there is no mode.
 * - `workUnitId`: the clinic the person chose, when they chose one; the slot must then be at that clinic (422
 *   SLOT_UNAVAILABLE otherwise). The order's clinic is always the one of the doctor's working time holding the slot.
 * - For oneself, or (`isFamily`) for a profile the booker manages (`profileId`; another person's: 404) or another person
 *   typed in (`infomation`), as an examination's booking.
 */
export const VaccineOrderBodySchema = lazySchema(() =>
  z
    .object({
      vaccineId: VaccineIdSchema,
      scheduleId: z._default(VaccineScheduleIdSchema, DEFAULT_VACCINE_SCHEDULE),
      vaccineDoseId: VaccineDoseIdSchema,
      doctorId: z.uuid(required),
      workUnitId: z.optional(SerialIdSchema),
      checkDay: CalendarDaySchema,
      checkHour: ClockTimeSchema,
      note: z._default(optionalText(VACCINE_ORDER_NOTE_MAX_LENGTH), ''),
      ...bookingPersonFields(),
    })
    .check(
      bookingPersonNamed(),
      z.superRefine((value, context) => {
        // A dose of another vaccine is no dose of this one: choose the dose again.
        if (!isDoseOf(value.vaccineId, value.vaccineDoseId))
          context.addIssue({ code: 'custom', path: ['vaccineDoseId'], message: 'validation.dose_required' });
      }),
    ),
);
export type VaccineOrderBody = z.input<typeof VaccineOrderBodySchema>;
