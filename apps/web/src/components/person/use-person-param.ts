import { useSearchParams } from 'react-router';

/** The one URL parameter naming whose data a page shows; absent for the signed-in person. */
export const PERSON_PARAM = 'person';
/** What the health record's links used to say (`?profile=`), still read so that older links and bookmarks work. */
const OLD_PERSON_PARAM = 'profile';

/** `path` for `personId`: the bare path for me (`userId`), else with `?person=`. */
export function personPath(path: string, personId: string, userId: string): string {
  return personId === userId ? path : `${path}?${PERSON_PARAM}=${encodeURIComponent(personId)}`;
}

/**
 * The person the URL names (`?person=`, or the older `?profile=`), me when it names none, and how to choose another:
 * the URL is replaced (no history entry per choice), its other parameters kept, the older name dropped.
 */
export function usePersonParam(userId: string): [personId: string, choose: (personId: string) => void] {
  const [search, setSearch] = useSearchParams();
  const personId = search.get(PERSON_PARAM) || search.get(OLD_PERSON_PARAM) || userId;
  const choose = (next: string) => {
    const params = new URLSearchParams(search);
    params.delete(OLD_PERSON_PARAM);
    if (next && next !== userId) params.set(PERSON_PARAM, next);
    else params.delete(PERSON_PARAM);
    setSearch(params, { replace: true });
  };
  return [personId, choose];
}
