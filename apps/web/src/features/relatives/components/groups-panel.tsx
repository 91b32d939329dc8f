import { Badge, Button, Group as Row, Paper, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import type { Group, GroupBody } from '@rhc/contracts';
import { IconEdit, IconTrash, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import {
  addGroupMember,
  createGroup,
  deleteGroup,
  refreshRelatives,
  removeGroupMember,
  updateGroup,
  useFollows,
  useGroups,
  useManagedProfiles,
} from '../api.ts';
import classes from '../relatives.module.css';
import { GroupForm } from './group-form.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { openDeleteConfirm } from '../../../components/ui/confirm-delete.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { RowButton } from '../../../components/ui/row-button.tsx';

type Person = { id: string; fullName: string };

/** Spec §3 "Group of followed people": create, rename, add or remove people, delete only when empty. */
export function GroupsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('relatives');
  const groups = useGroups(userId);
  const follows = useFollows(userId);
  const profiles = useManagedProfiles(userId);
  const [renaming, setRenaming] = useState<Group | null>(null);

  // The people a group may hold: those I follow and the profiles I manage.
  const candidates: Person[] = [];
  for (const share of follows.data?.following ?? [])
    if (!candidates.some(({ id }) => id === share.person.id)) candidates.push({ id: share.person.id, fullName: share.person.fullName });
  for (const profile of profiles.data ?? [])
    if (!candidates.some(({ id }) => id === profile.id)) candidates.push({ id: profile.id, fullName: profile.info.fullName });

  const create = useFormMutation({
    mutationFn: (body: GroupBody) => createGroup(userId, body),
    success: t('groups.created'),
    refresh: refreshRelatives,
  });
  const rename = useFormMutation({
    mutationFn: ({ id, body }: { id: string; body: GroupBody }) => updateGroup(id, body),
    success: t('groups.saved'),
    onSuccess: () => {
      setRenaming(null);
    },
    refresh: refreshRelatives,
  });
  const remove = useFormMutation({
    mutationFn: (id: string) => deleteGroup(id),
    success: t('groups.deleted'),
    refresh: refreshRelatives,
    // A group with members answers 409 GROUP_NOT_EMPTY: the server's message says why.
  });
  const addMember = useFormMutation({
    mutationFn: ({ id, personId }: { id: string; personId: string }) => addGroupMember(id, personId),
    success: t('groups.memberAdded'),
    refresh: refreshRelatives,
  });
  const removeMember = useFormMutation({
    mutationFn: ({ id, personId }: { id: string; personId: string }) => removeGroupMember(id, personId),
    success: t('groups.memberRemoved'),
    refresh: refreshRelatives,
  });

  const confirmDelete = (group: Group) =>
    openDeleteConfirm({
      title: t('groups.deleteTitle'),
      message: t('groups.deleteMessage', { name: group.name }),
      confirm: t('groups.deleteConfirm'),
      cancel: t('actions.cancel'),
      onConfirm: () => remove.mutate(group.id),
    });

  const confirmRemoveMember = (group: Group, member: Person) =>
    openDeleteConfirm({
      title: t('groups.removeTitle'),
      message: t('groups.removeMessage', { name: member.fullName, group: group.name }),
      confirm: t('groups.removeMember'),
      cancel: t('actions.cancel'),
      onConfirm: () => removeMember.mutate({ id: group.id, personId: member.id }),
    });

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h4">
          {t('groups.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('groups.intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="sm">
        <GroupForm submitLabel={t('groups.create')} pending={create.isPending} onSubmit={(body) => create.mutateAsync(body)} />
      </Paper>
      {groups.isError ? (
        <ErrorState message={`${t('groups.loadFailed')} ${groups.error.message}`} onRetry={() => void groups.refetch()} />
      ) : !groups.data ? (
        <LoadingState minHeight={80} />
      ) : groups.data.length === 0 ? (
        <Text c="dimmed">{t('groups.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.list}>
          {groups.data.map((group) => (
            <GroupItem
              key={group.id}
              group={group}
              candidates={candidates.filter(({ id }) => !group.members.some((member) => member.id === id))}
              adding={addMember.isPending && addMember.variables?.id === group.id}
              onAdd={(personId) => addMember.mutate({ id: group.id, personId })}
              onRemove={(member) => confirmRemoveMember(group, member)}
              onRename={() => setRenaming(group)}
              onDelete={() => confirmDelete(group)}
            />
          ))}
        </Stack>
      )}
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('groups.renameTitle')} centered>
        {renaming && (
          <GroupForm
            key={renaming.id}
            initial={{ name: renaming.name, type: renaming.type }}
            submitLabel={t('actions.save')}
            pending={rename.isPending}
            onSubmit={(body) => rename.mutateAsync({ id: renaming.id, body })}
            onCancel={() => setRenaming(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function GroupItem(props: {
  group: Group;
  candidates: Person[];
  adding: boolean;
  onAdd: (personId: string) => void;
  onRemove: (member: Person) => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { group, candidates, adding, onAdd, onRemove, onRename, onDelete } = props;
  const { t } = useTranslation('relatives');
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Row justify="space-between" gap="xs" wrap="wrap">
          <Row gap="xs" wrap="wrap">
            <Text fw={600}>{group.name}</Text>
            <Badge variant="light" tt="none">
              {t(`groupTypes.${group.type}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('groups.members', { count: group.memberCount })}
            </Text>
          </Row>
          <Row gap="xs">
            <RowButton icon={IconEdit} onClick={onRename} aria-label={t('groups.renameLabel', { name: group.name })}>
              {t('groups.rename')}
            </RowButton>
            <RowButton icon={IconTrash} tone="danger" onClick={onDelete} aria-label={t('groups.deleteLabel', { name: group.name })}>
              {t('actions.delete')}
            </RowButton>
          </Row>
        </Row>
        {group.members.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('groups.noMembers')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" className={classes.list}>
            {group.members.map((member) => (
              <Row key={member.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{member.fullName}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconUserMinus size={14} aria-hidden="true" />}
                  onClick={() => onRemove(member)}
                  aria-label={t('groups.removeMemberLabel', { name: member.fullName })}
                >
                  {t('groups.removeMember')}
                </Button>
              </Row>
            ))}
          </Stack>
        )}
        {candidates.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('groups.noCandidates')}
          </Text>
        ) : (
          <Row gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label={t('groups.addMemberLabel', { name: group.name })}
              placeholder={t('groups.addMemberPlaceholder')}
              data={candidates.map(({ id, fullName }) => ({ value: id, label: fullName }))}
              value={picked}
              onChange={setPicked}
              size="xs"
              className={classes.grow}
            />
            <RowButton
              icon={IconUserPlus}
              tone="filled"
              disabled={!picked}
              loading={adding}
              onClick={() => {
                if (picked) onAdd(picked);
                setPicked(null);
              }}
            >
              {t('groups.add')}
            </RowButton>
          </Row>
        )}
      </Stack>
    </Paper>
  );
}
