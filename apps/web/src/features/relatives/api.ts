import {
  type ClaimBody,
  type GroupBody,
  type InvitationAnswerBody,
  type InvitationBody,
  type ProfileBody,
  type ShareChangeBody,
  accountsEndpoints,
  relativesEndpoints,
} from '@rhc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery, queryKeyOf } from '../../lib/api-client.ts';

// The two lists other features read too (their person pickers) live with those pickers, in the app's shared hooks.
export { useFollows, useManagedProfiles } from '../../hooks/use-people.ts';

/** Every call of the relatives feature, each through its entry of the endpoint table (`relativesEndpoints`). */
const api = relativesEndpoints;

export const INVITATION_PAGE_SIZE = 20;
export const ACCESS_LOG_PAGE_SIZE = 10;

/**
 * After any change: everything of the domain is read again, and the header's bell (the accounts dashboard's count of
 * pending invitations) too.
 */
export async function refreshRelatives(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [api.profiles.domain] }),
    queryClient.invalidateQueries({ queryKey: queryKeyOf(accountsEndpoints.dashboard) }),
  ]);
}

/* ---------- profiles I manage ---------- */

export function createProfile(userId: string, body: ProfileBody) {
  return apiRequest(api.createProfile, { params: { userId }, body });
}

export function updateProfile(id: string, body: ProfileBody) {
  return apiRequest(api.updateProfile, { params: { id }, body });
}

/** Resolves whether the profile was archived (it had bookings or records) rather than erased. */
export async function deleteProfile(id: string): Promise<boolean> {
  return (await apiRequest(api.deleteProfile, { params: { id } })).archived;
}

/** A person as far as I may see them (404 without standing: the page shows the no-access notice). */
export function usePerson(id: string) {
  return useQuery({ ...endpointQuery(api.person, { params: { id }, showServerErrorScreen: false }), enabled: id !== '', retry: false });
}

/* ---------- follows ---------- */

export function changeShare(shareId: string, body: ShareChangeBody) {
  return apiRequest(api.changeShare, { params: { shareId }, body });
}

export async function endShare(shareId: string): Promise<void> {
  await apiRequest(api.endShare, { params: { shareId } });
}

/* ---------- invitations ---------- */

export function useInvitations(userId: string, type: 'incoming' | 'outgoing', page: number) {
  return useQuery({
    ...endpointQuery(api.invitations, { params: { userId }, query: { type, page, size: INVITATION_PAGE_SIZE } }),
    enabled: userId !== '',
  });
}

export function sendInvitation(userId: string, body: InvitationBody) {
  return apiRequest(api.invite, { params: { userId }, body });
}

export function answerInvitation(id: string, body: InvitationAnswerBody) {
  return apiRequest(api.answerInvitation, { params: { id }, body });
}

export async function cancelInvitation(id: string): Promise<void> {
  await apiRequest(api.cancelInvitation, { params: { id } });
}

/* ---------- groups ---------- */

export function useGroupTypes() {
  return useQuery({ ...endpointQuery(api.groupTypes, {}), staleTime: Infinity });
}

export function useGroups(userId: string) {
  return useQuery({ ...endpointQuery(api.groups, { params: { userId } }), enabled: userId !== '' });
}

export function createGroup(userId: string, body: GroupBody) {
  return apiRequest(api.createGroup, { params: { userId }, body });
}

export function updateGroup(id: string, body: GroupBody) {
  return apiRequest(api.updateGroup, { params: { id }, body });
}

export async function deleteGroup(id: string): Promise<void> {
  await apiRequest(api.deleteGroup, { params: { id } });
}

export function addGroupMember(id: string, personId: string) {
  return apiRequest(api.addGroupMember, { params: { id, personId } });
}

export function removeGroupMember(id: string, personId: string) {
  return apiRequest(api.removeGroupMember, { params: { id, personId } });
}

/* ---------- privileges and the access log ---------- */

export function usePrivileges(infoId: string, userId: string) {
  return useQuery({
    ...endpointQuery(api.privileges, { params: { infoId, userId }, showServerErrorScreen: false }),
    enabled: infoId !== '' && userId !== '',
    retry: false,
  });
}

export function useAccessLog(id: string, page: number, enabled: boolean) {
  return useQuery({
    ...endpointQuery(api.accessLog, { params: { id }, query: { page, size: ACCESS_LOG_PAGE_SIZE } }),
    enabled: enabled && id !== '',
  });
}

/* ---------- profiles kept for me, linked to my account (decision 025) ---------- */

export function useClaimableProfiles(userId: string) {
  return useQuery({ ...endpointQuery(api.claimableProfiles, { params: { userId } }), enabled: userId !== '' });
}

/** A fresh code by SMS to my own phone. */
export function sendClaimCode(id: string) {
  return apiRequest(api.sendClaimCode, { params: { id } });
}

export function claimProfile(id: string, body: ClaimBody) {
  return apiRequest(api.claimProfile, { params: { id }, body });
}
