import { Button, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import '../styles.ts';
import { IconFriends, IconMail, IconUserCheck, IconUserPlus, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { ClaimPanel } from '../components/claim-panel.tsx';
import { FollowsPanel } from '../components/follows-panel.tsx';
import { GroupsPanel } from '../components/groups-panel.tsx';
import { InvitationsPanel } from '../components/invitations-panel.tsx';
import { InviteDialog, type InviteTarget } from '../components/invite-dialog.tsx';
import { ProfilesPanel } from '../components/profiles-panel.tsx';
import classes from '../relatives.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

const TABS = ['profiles', 'groups', 'following', 'followers', 'invitations'] as const;
type Tab = (typeof TABS)[number];
const ICONS = { profiles: IconUsers, groups: IconUsersGroup, following: IconUserCheck, followers: IconFriends, invitations: IconMail };

function tabOf(search: URLSearchParams): Tab {
  // The bell's "Kiểm tra ngay" links to ?type=watched: the invitations addressed to me.
  if (search.get('type') === 'watched') return 'invitations';
  const tab = search.get('tab');
  return (TABS as readonly string[]).includes(tab ?? '') ? (tab as Tab) : 'profiles';
}

/**
 * Spec §2 /relativemanagement/: the profiles I manage, my groups, the people I follow and who follow me, and the
 * invitations both ways; "Mời theo dõi" and "Xin theo dõi" start one.
 */
export function RelativeManagementPage() {
  const { t } = useTranslation('relatives');
  usePageTitle(t('title'));
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search);
  const [target, setTarget] = useState<InviteTarget | null>(null);

  const pick = (value: string | null) => {
    const next = new URLSearchParams();
    if (value && value !== 'profiles') next.set('tab', value);
    setSearch(next, { replace: true });
  };

  if (!userId) return null;

  return (
    <Container size="lg" className={classes.page}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} className={classes.grow}>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed">{t('intro')}</Text>
          </Stack>
          <Group gap="xs">
            <Button leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={() => setTarget({ kind: 'invite' })}>
              {t('actions.invite')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconUserCheck size={16} aria-hidden="true" />}
              onClick={() => setTarget({ kind: 'request' })}
            >
              {t('actions.request')}
            </Button>
          </Group>
        </Group>
        <ClaimPanel userId={userId} />
        <Paper withBorder radius="lg" className={classes.card}>
          <Tabs value={tab} onChange={pick} keepMounted={false}>
            <Tabs.List aria-label={t('tabs.label')} mb="md" className={classes.tabs}>
              {TABS.map((value) => {
                const Icon = ICONS[value];
                return (
                  <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden="true" />}>
                    {t(`tabs.${value}`)}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            <Tabs.Panel value="profiles">
              <ProfilesPanel userId={userId} onShare={(personId) => setTarget({ kind: 'invite', personId })} />
            </Tabs.Panel>
            <Tabs.Panel value="groups">
              <GroupsPanel userId={userId} />
            </Tabs.Panel>
            <Tabs.Panel value="following">
              <FollowsPanel userId={userId} side="following" />
            </Tabs.Panel>
            <Tabs.Panel value="followers">
              <FollowsPanel userId={userId} side="followers" />
            </Tabs.Panel>
            <Tabs.Panel value="invitations">
              <InvitationsPanel userId={userId} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
      <InviteDialog target={target} onClose={() => setTarget(null)} />
    </Container>
  );
}
