import type { DrugUnit, MealTiming } from '@rhc/domain';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { prescriptionLines } from './schema/index.ts';

/** One line of a prescription as it was issued (spec §3): drug, quantity, unit (Other with its name), usage. */
export interface LineRow {
  position: number;
  drugName: string;
  quantity: number;
  unit: DrugUnit;
  unitName: string | null;
  dose: string;
  timesPerDay: number;
  days: number;
  mealTiming: MealTiming;
  note: string | null;
}

/**
 * The lines of these prescriptions in their written order, by prescription (an id with no lines is absent). One read
 * for every module that shows prescriptions (the doctor's and patient's order pages, the record export), so the row's
 * shape — the unit and meal timing typed as the domain's — is made in one place.
 */
export async function linesOfPrescriptions(db: Db, prescriptionIds: readonly string[]): Promise<Map<string, LineRow[]>> {
  const byPrescription = new Map<string, LineRow[]>();
  if (prescriptionIds.length === 0) return byPrescription;
  const rows = await db
    .select()
    .from(prescriptionLines)
    .where(inArray(prescriptionLines.prescriptionId, [...prescriptionIds]))
    .orderBy(asc(prescriptionLines.position));
  for (const row of rows) {
    const lines = byPrescription.get(row.prescriptionId) ?? [];
    lines.push({
      position: row.position,
      drugName: row.drugName,
      quantity: row.quantity,
      unit: row.unit as DrugUnit,
      unitName: row.unitName,
      dose: row.dose,
      timesPerDay: row.timesPerDay,
      days: row.days,
      mealTiming: row.mealTiming as MealTiming,
      note: row.note,
    });
    byPrescription.set(row.prescriptionId, lines);
  }
  return byPrescription;
}
