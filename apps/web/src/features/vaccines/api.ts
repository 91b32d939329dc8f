import { vaccinesEndpoints, type VaccineHistoryBody } from '@rhc/contracts';
import type { VaccineScheduleId } from '@rhc/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the vaccinations feature, each through its entry of the endpoint table (`vaccinesEndpoints`). */
const api = vaccinesEndpoints;

/** After a change: the person's record (statuses and history) is read again, for every schedule. */
export async function refreshVaccines(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: [api.record.domain] });
}

/** GET /vaccines/{infoId}?schedule=: the statuses against `schedule`, the history, the reminders, and what I may do. */
export function useVaccinationRecord(infoId: string, schedule: VaccineScheduleId) {
  return useQuery({
    ...endpointQuery(api.record, { params: { infoId }, query: { schedule } }),
    enabled: infoId !== '',
  });
}

export function addDose(infoId: string, body: VaccineHistoryBody) {
  return apiRequest(api.addDose, { params: { infoId }, body });
}

export function updateDose(infoId: string, id: string, body: VaccineHistoryBody) {
  return apiRequest(api.updateDose, { params: { infoId, id }, body });
}

export async function removeDose(infoId: string, id: string): Promise<void> {
  await apiRequest(api.removeDose, { params: { infoId, id } });
}

export function setReminders(infoId: string, enabled: boolean) {
  return apiRequest(api.reminders, { params: { infoId }, body: { enabled } });
}
