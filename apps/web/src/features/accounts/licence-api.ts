import { clinicalEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/api-client.ts';

/*
 * A doctor's practising licence number (issue 17; the clinical domain's calls), asked for on the doctor's profile (saved by
 * components/licence/licence-form.tsx).
 * Apart from api.ts, which the account bar of every signed-in page loads: the clinical schemas load with the profile.
 */

/** The doctor's own licence number and whether the clinic verified them (GET /doctor-licence/{userId}). */
export function useDoctorLicence(userId: string, enabled: boolean) {
  return useQuery({ ...endpointQuery(clinicalEndpoints.licence, { params: { userId } }), enabled: enabled && userId !== '' });
}
