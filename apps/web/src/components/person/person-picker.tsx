import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import type { PersonOption } from '../../hooks/use-people.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingState } from '../ui/query-state.tsx';

export interface PersonPickerProps extends Omit<NativeSelectProps, 'data' | 'value' | 'onChange'> {
  /** `usePeople`'s list (or part of it): me first, the profiles I manage, the people who share with me. */
  people: readonly PersonOption[];
  value: string;
  onChange: (personId: string) => void;
  /** The lists are still arriving: a small spinner in the field. */
  loading?: boolean;
}

const KINDS = [
  ['self', 'picker.groupMe'],
  ['managed', 'picker.groupManaged'],
  ['shared', 'picker.groupShared'],
] as const;

/**
 * Whose data a page shows (the record, the examination history, the readings): the browser's own list, grouped
 * (decision 037: no popover mounted with the page, the phone's own picker), "Tôi (name)" for the signed-in person.
 */
export function PersonPicker({ people, value, onChange, loading = false, ...props }: PersonPickerProps) {
  const { t } = useTranslation('person');
  const label = (person: PersonOption) =>
    person.kind !== 'self' ? person.name : person.name ? t('picker.me', { name: person.name }) : t('picker.meOnly');
  const data = KINDS.map(([kind, group]) => ({
    group: t(group),
    items: people.filter((person) => person.kind === kind).map((person) => ({ value: person.id, label: label(person) })),
  })).filter((group) => group.items.length > 0);
  return (
    <NativeSelect
      {...props}
      data={data}
      value={value}
      onChange={({ currentTarget }) => onChange(currentTarget.value)}
      rightSection={loading ? <LoadingState minHeight={0} size="xs" /> : props.rightSection}
    />
  );
}
