import { Group } from '@mantine/core';
import type { UserInfo } from '@rhc/contracts';
import { useEffect } from 'react';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useHeaderProfile } from '../api.ts';
import { NotificationBell } from './notification-bell.tsx';
import { SignOutButton } from './sign-out-button.tsx';
import { UserMenu } from './user-menu.tsx';

/** The header's right side when logged in (spec §2): bell, user menu and the exit link. */
export function AccountBar({ user }: { user: UserInfo }) {
  useLoginStateFollowsProfile(user);
  return (
    <Group gap={4} wrap="nowrap">
      <NotificationBell userId={user.userId} />
      <UserMenu user={user} />
      <SignOutButton />
    </Group>
  );
}

/** The name, picture and birthday remembered at login follow the profile as the server has it now. */
function useLoginStateFollowsProfile(user: UserInfo) {
  const profile = useHeaderProfile(user.userId).data;
  const updateUser = useAuthStore((state) => state.updateUser);
  useEffect(() => {
    if (!profile) return;
    const { fullName, urlImage, dateOfBirth } = profile;
    if (fullName !== user.fullName || urlImage !== user.urlImage || dateOfBirth !== user.dateOfBirth)
      updateUser({ fullName, urlImage, dateOfBirth });
  }, [profile, user.fullName, user.urlImage, user.dateOfBirth, updateUser]);
}
