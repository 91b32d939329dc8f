import { Group } from '@mantine/core';
import type { UserInfo } from '@rhc/contracts';
import { NotificationBell } from './notification-bell.tsx';
import { SignOutButton } from './sign-out-button.tsx';
import { UserMenu } from './user-menu.tsx';

/** The header's right side when logged in (spec §2): bell, user menu and the exit link. */
export function AccountBar({ user }: { user: UserInfo }) {
  return (
    <Group gap={4} wrap="nowrap">
      <NotificationBell userId={user.userId} />
      <UserMenu user={user} />
      <SignOutButton />
    </Group>
  );
}
