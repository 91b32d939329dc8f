import { coversSection, type ShareSection } from '@rhc/domain';
import { useMemo } from 'react';
import { useFollows, useManagedProfiles } from '../api.ts';

/** A person whose records the signed-in account may see: itself, a profile it manages, someone who shares a section. */
export interface PersonOption {
  id: string;
  name: string;
  kind: 'self' | 'managed' | 'shared';
  /** The person or a manager writes; a watcher only reads (decision 022). */
  canWrite: boolean;
}

/**
 * The person picker's choices, from the relatives domain's own lists (GET /relatives/:userId, GET /follows/:userId):
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
