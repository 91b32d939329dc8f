import { type WorkMode, catalogEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../lib/api-client.ts';
import { currentLanguage } from '../lib/i18n.ts';

/*
 * The catalog's reference data (server module `catalog`), read by several features: specialties, kinds of examination,
 * doctors, the hours one may ask for and the clinics. Lists named in a language are keyed by it too.
 */
const api = catalogEndpoints;

export const specialtiesQuery = () => endpointQuery(api.specialties, {}, { language: currentLanguage() });

export function useSpecialties() {
  return useQuery(specialtiesQuery());
}

/** The kinds of examination offered in person or online. */
export const examTypesQuery = (mode: WorkMode) => endpointQuery(api.examTypes, { query: { mode } }, { language: currentLanguage() });

export function useExamTypes(mode: WorkMode) {
  return useQuery(examTypesQuery(mode));
}

/** The verified doctors of a specialty who work in that mode. */
export const doctorsQuery = (specialtyId: number | undefined, mode: WorkMode) =>
  endpointQuery(api.doctors, { query: { specialtyId, mode } });

export function useDoctors(specialtyId: number | undefined, mode: WorkMode) {
  return useQuery({ ...doctorsQuery(specialtyId, mode), enabled: specialtyId !== undefined });
}

/** The hours a person may ask for (the same grid in person and online). */
export function useExamTime(enabled: boolean) {
  return useQuery({ ...endpointQuery(api.examTime, {}), enabled });
}

/** The hospitals and clinics a doctor can work at, named in the current language; a failure shows where it is asked. */
export function useWorkUnits(enabled = true) {
  return useQuery({ ...endpointQuery(api.workUnits, { showServerErrorScreen: false }, { language: currentLanguage() }), enabled });
}
