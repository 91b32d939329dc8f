import { ActionIcon, Group } from '@mantine/core';
import '../styles.ts';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { VACCINE_STRINGS } from './vaccine-text.ts';

/** A dose's two buttons, in the history table and in the vaccine's dialog: change it, or delete it (after a confirmation). */
export function DoseActions({
  vaccine,
  date,
  deleting,
  onEdit,
  onDelete,
}: {
  vaccine: string;
  date: string;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(VACCINE_STRINGS);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" size="lg" onClick={onEdit} aria-label={t('actions.editLabel', { vaccine, date })}>
        <IconEdit size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        onClick={onDelete}
        loading={deleting}
        aria-label={t('actions.deleteLabel', { vaccine, date })}
      >
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
