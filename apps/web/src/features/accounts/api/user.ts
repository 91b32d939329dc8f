import { UserProfileSchema, type UpdateUserBody, type UserProfile } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const getUser = { method: 'GET', path: '/user/:id', response: UserProfileSchema } as const;
const putUser = { method: 'PUT', path: '/user/:id', response: UserProfileSchema } as const;

export const userQueryKey = (id: string) => ['accounts', 'user', id] as const;

/** GET /api/user/{id}: the person's own profile, read afresh on every visit (spec §7 "no cache"). */
export function useUserProfile(id: string) {
  return useQuery({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => apiRequest(getUser, { params: { id }, signal }),
    enabled: id !== '',
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT /api/user/{id}: phone and e-mail are not part of it (changing them needs a new code). */
export function updateUser(id: string, body: UpdateUserBody): Promise<UserProfile> {
  return apiRequest(putUser, { params: { id }, body });
}
