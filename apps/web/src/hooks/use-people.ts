import { relativesEndpoints } from '@rhc/contracts';
import { coversSection, type ShareSection } from '@rhc/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { endpointQuery } from '../lib/api-client.ts';

/** GET /relatives/{userId}: the profiles the account manages (its child, its mother…). */
export const managedProfilesQuery = (userId: string) => endpointQuery(relativesEndpoints.profiles, { params: { userId } });

export function useManagedProfiles(userId: string) {
  return useQuery({ ...managedProfilesQuery(userId), enabled: userId !== '' });
}

/** GET /follows/{userId}: whom the account follows (what each shares with it) and who follows it. */
export function useFollows(userId: string) {
  return useQuery({ ...endpointQuery(relativesEndpoints.follows, { params: { userId } }), enabled: userId !== '' });
}

/** A person whose data the signed-in account may see: itself, a profile it manages, someone who shares a section. */
export interface PersonOption {
  id: string;
  name: string;
  kind: 'self' | 'managed' | 'shared';
  /** The person or a manager writes; a watcher only reads (decision 022). */
  canWrite: boolean;
}

/**
 * A person picker's choices (the record, the examination history, the readings), from the relatives domain's own lists:
 * me, the profiles I manage, and the people who share `section` with me.
 */
export function usePeople(userId: string, myName: string, section: ShareSection) {
  const managed = useManagedProfiles(userId);
  const follows = useFollows(userId);
  const people = useMemo<PersonOption[]>(() => {
    const list: PersonOption[] = [{ id: userId, name: myName, kind: 'self', canWrite: true }];
    for (const profile of managed.data ?? []) list.push({ id: profile.id, name: profile.info.fullName, kind: 'managed', canWrite: true });
    const seen = new Set(list.map((person) => person.id));
    for (const grant of follows.data?.following ?? []) {
      if (seen.has(grant.person.id) || !coversSection(grant.sections, section)) continue;
      seen.add(grant.person.id);
      list.push({ id: grant.person.id, name: grant.person.fullName, kind: 'shared', canWrite: false });
    }
    return list;
  }, [userId, myName, managed.data, follows.data, section]);
  return { people, loading: managed.isPending || follows.isPending };
}
