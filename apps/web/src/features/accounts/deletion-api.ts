import { type AccountDeletion, accountDeletionEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

const api = accountDeletionEndpoints;

/** Whether my account is to be deleted, and when (issue 53, decision 052). */
export function useAccountDeletion(userId: string) {
  return useQuery({ ...endpointQuery(api.state, { params: { userId } }), enabled: userId !== '' });
}

/** Asks for my account to be deleted after the grace period; my other sessions end. */
export function requestAccountDeletion(userId: string): Promise<AccountDeletion> {
  return apiRequest(api.request, { params: { userId }, body: {} });
}

/** "Keep my account": cancels the pending deletion. */
export function keepAccount(userId: string): Promise<AccountDeletion> {
  return apiRequest(api.cancel, { params: { userId } });
}
