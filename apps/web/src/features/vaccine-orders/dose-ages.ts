import { parseVaccineDoseId, type VaccineScheduleId } from '@rhc/domain';
import type { TFunction } from '../../lib/i18n.ts';
import { agesText } from '../../lib/vaccine-ages.ts';
import { dosesOf } from './vaccine-values.ts';

type RegistrationT = TFunction<'vaccine-registration'>;

/** A dose as the person reads it, "Dose 2 · at 3 months" (its ages as the schedule gives them), "Dose 2" when it has none. */
export function doseLabel(t: RegistrationT, scheduleId: VaccineScheduleId, doseId: string): string {
  const parsed = parseVaccineDoseId(doseId);
  if (!parsed) return '';
  const dose = dosesOf(scheduleId, parsed.vaccineId).find(({ id }) => id === doseId);
  return dose ? t('form.doseOption', { order: dose.order, ages: agesText(t, dose.ages) }) : t('form.doseOrder', { order: parsed.order });
}
