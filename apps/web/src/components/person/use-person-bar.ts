import type { ShareSection } from '@rhc/domain';
import { usePeople, type PersonOption } from '../../hooks/use-people.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import type { PersonBarProps } from './person-bar.tsx';
import { usePersonParam } from './use-person-param.ts';

type PersonBarTexts = {
  /** The picker's label, in the page's words. */
  label: string;
  /** Said under the bar when the person chosen only shares their data with me (read only). */
  readOnly: (name: string) => string;
};

/**
 * The signed-in account and whose data a page shows (the readings, nutrition): me, a profile I manage, or someone who
 * shares `section` with me, as the URL names them (me when it names none of them); `bar` is the PersonBar's props.
 * `person` is undefined until the account is known.
 */
export function usePersonBar(section: ShareSection, texts: PersonBarTexts) {
  const user = useAuthStore((state) => state.user);
  const userId = user?.userId ?? '';
  const { people, loading } = usePeople(userId, user?.fullName ?? '', section);
  const [wanted, choosePerson] = usePersonParam(userId);
  const person: PersonOption | undefined = people.find((p) => p.id === wanted) ?? people[0];
  const bar: PersonBarProps = {
    label: texts.label,
    people,
    value: person?.id ?? '',
    onChange: choosePerson,
    loading,
    readOnlyNotice: !person || person.canWrite ? undefined : texts.readOnly(person.name),
  };
  return { user, userId, person, bar };
}
