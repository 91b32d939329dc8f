import { type UserReminders, remindersEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

const api = remindersEndpoints;

/** My default reminder lead times, used by every booking that does not choose its own. */
export function useReminderDefaults(userId: string) {
  return useQuery({ ...endpointQuery(api.defaults, { params: { userId } }), enabled: userId !== '' });
}

/** At most 3 of the offered lead times; an empty list means no reminders. */
export function saveReminderDefaults(userId: string, minutes: number[]): Promise<UserReminders> {
  return apiRequest(api.updateDefaults, { params: { userId }, body: { minutes } });
}
