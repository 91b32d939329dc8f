import { VACCINE_IDS, type VaccineId } from './vaccines.ts';

/*
 * Vaccine orders (issue 50, spec §3 "Exam and vaccine order request": `vaccineId`, `scheduleId`, `vaccineDoseId`; "a
 * vaccine order holds a vaccine and a vaccineDose, with date, hour, status, note"). A vaccination is an order of the
 * `vaccine` category on the order core (decision 043): booked in a free slot of a doctor (or nurse) of the vaccination
 * specialty at a clinic, completed by them, and then recorded in the person's vaccination history.
 */

/**
 * The catalog's vaccination specialty ("Tiêm chủng"), whose doctors and nurses give vaccines. The catalog's ids are
 * fixed (db/seed/catalog.ts); 13 is also the spec's default `categoryId` of an order request.
 */
export const VACCINATION_SPECIALTY_ID = 13;
export const VACCINATION_SPECIALTY_CODE = 'vaccination' as const;

/** What a vaccine order's note may hold. */
export const VACCINE_ORDER_NOTE_MAX_LENGTH = 1000;

/** A dose id is `<vaccine>.<order>` (`hepatitis_b.2`): its vaccine and its place in the series. */
export const VACCINE_DOSE_ID_PATTERN = /^([a-z0-9_]{2,40})\.([1-9][0-9]?)$/;

/** The vaccine and the order of a dose id; undefined when it is not a dose id of a known vaccine. */
export function parseVaccineDoseId(doseId: string): { vaccineId: VaccineId; order: number } | undefined {
  const match = VACCINE_DOSE_ID_PATTERN.exec(doseId);
  if (!match) return undefined;
  const vaccineId = match[1] as VaccineId;
  if (!VACCINE_IDS.includes(vaccineId)) return undefined;
  return { vaccineId, order: Number(match[2]) };
}

/** Whether `doseId` names a dose of `vaccineId` (the form only; whether the schedule has that dose is the schedule's). */
export function isDoseOf(vaccineId: string, doseId: string): boolean {
  return parseVaccineDoseId(doseId)?.vaccineId === vaccineId;
}
