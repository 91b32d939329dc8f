import { useLocalStorage } from '@mantine/hooks';
import { BLOOD_SUGAR_UNITS, mgPerDlToMmol, type BloodSugarUnit } from '@rhc/domain';

/**
 * The blood-sugar unit a person reads and types in (issue 16): mmol/L by default, as Vietnamese labs report it
 * (domain-rules §3.3), or mg/dL; remembered on the device. Values are stored in mg/dL.
 */
export function useSugarUnit() {
  return useLocalStorage<BloodSugarUnit>({
    key: 'rhc.monitoring.sugarUnit',
    defaultValue: 'mmol/L',
    deserialize: (value) => ((BLOOD_SUGAR_UNITS as readonly string[]).includes(value ?? '') ? (value as BloodSugarUnit) : 'mmol/L'),
    serialize: (value) => value,
  });
}

/** A stored mg/dL value in the chosen unit. */
export function sugarIn(unit: BloodSugarUnit, mgPerDl: number): number {
  return unit === 'mmol/L' ? mgPerDlToMmol(mgPerDl) : mgPerDl;
}
