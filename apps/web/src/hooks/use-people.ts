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
 * me, the profiles I manage, and the people who share `section` with me; with `othersIFollow`, after them the people I
 * follow who share other things only (choosing one shows the no-access notice, with a request: the vaccines page).
 */
export function usePeople(userId: string, myName: string, section: ShareSection, { othersIFollow = false } = {}) {
  const managed = useManagedProfiles(userId);
  const follows = useFollows(userId);
  const people = useMemo<PersonOption[]>(() => {
    const list: PersonOption[] = [{ id: userId, name: myName, kind: 'self', canWrite: true }];
    for (const profile of managed.data ?? []) list.push({ id: profile.id, name: profile.info.fullName, kind: 'managed', canWrite: true });
    const seen = new Set(list.map((person) => person.id));
    const following = follows.data?.following ?? [];
    const sharing = following.filter((grant) => coversSection(grant.sections, section));
    for (const grant of othersIFollow ? [...sharing, ...following.filter((grant) => !sharing.includes(grant))] : sharing) {
      if (seen.has(grant.person.id)) continue;
      seen.add(grant.person.id);
      list.push({ id: grant.person.id, name: grant.person.fullName, kind: 'shared', canWrite: false });
    }
    return list;
  }, [userId, myName, managed.data, follows.data, section, othersIFollow]);
  return { people, loading: managed.isPending || follows.isPending };
}

/**
 * The person the URL names (`?person=`) among `people`; one the lists do not hold stands in, read-only and shown by their
 * id, while the server decides (a 404 shows the no-access notice). `choices` are the picker's, with that stand-in;
 * `known` says whether the lists hold the person.
 */
export function personNamed(people: PersonOption[], wanted: string): { person: PersonOption; known: boolean; choices: PersonOption[] } {
  const found = people.find((candidate) => candidate.id === wanted);
  if (found) return { person: found, known: true, choices: people };
  const person: PersonOption = { id: wanted, name: '', kind: 'shared', canWrite: false };
  return { person, known: false, choices: [...people, { ...person, name: wanted }] };
}
