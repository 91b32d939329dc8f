import { type WorkMode, catalogEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../lib/api-client.ts';
import { currentLanguage } from '../lib/i18n.ts';

/*
 * The catalog's reference data (server module `catalog`), read by several features: specialties, kinds of examination,
 * doctors, the hours one may ask for and the clinics. Lists named in a language are keyed by it too.
 */
const api = catalogEndpoints;

export function useSpecialties() {
  return useQuery(endpointQuery(api.specialties, {}, { language: currentLanguage() }));
}

/** The kinds of examination offered in person or online. */
export function useExamTypes(mode: WorkMode) {
  return useQuery(endpointQuery(api.examTypes, { query: { mode } }, { language: currentLanguage() }));
}

/** The verified doctors of a specialty who work in that mode. */
export function useDoctors(specialtyId: number | undefined, mode: WorkMode) {
  return useQuery({ ...endpointQuery(api.doctors, { query: { specialtyId, mode } }), enabled: specialtyId !== undefined });
}

/** The hours a person may ask for (the same grid in person and online). */
export function useExamTime(enabled: boolean) {
  return useQuery({ ...endpointQuery(api.examTime, {}), enabled });
}

/** The hospitals and clinics a doctor can work at, named in the current language; a failure shows where it is asked. */
export function useWorkUnits(enabled = true) {
  return useQuery({ ...endpointQuery(api.workUnits, { showServerErrorScreen: false }, { language: currentLanguage() }), enabled });
}
