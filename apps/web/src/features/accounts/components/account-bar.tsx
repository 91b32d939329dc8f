import { Group } from '@mantine/core';
import type { UserInfo } from '@rhc/contracts';
import { useEffect } from 'react';
import { configureApiClient } from '../../../lib/api-client-config.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useHeaderProfile } from '../api.ts';
import { NotificationBell } from './notification-bell.tsx';
import { SignOutButton } from './sign-out-button.tsx';
import { UserMenu } from './user-menu.tsx';

/** The header's right side when logged in (spec §2): bell, user menu and the exit link. */
export function AccountBar({ user }: { user: UserInfo }) {
  useLoginStateFollowsProfile(user);
  useStepUpDialog();
  return (
    <Group gap={4} wrap="nowrap">
      <NotificationBell userId={user.userId} />
      <UserMenu user={user} />
      <SignOutButton />
    </Group>
  );
}

/**
 * While someone is logged in, a change refused for want of a fresh code (403 STEP_UP_REQUIRED, decision 051) opens the
 * step-up dialog, whose code loads the first time; a right code sends the change again. Plugged in here, with the
 * logged-in bar every signed-in page shows, rather than in the shell: no page loads it before it is needed.
 */
function useStepUpDialog() {
  useEffect(
    () =>
      configureApiClient({
        onStepUpRequired: async (error) =>
          error.code === 'STEP_UP_REQUIRED' && (await import('../step-up/ask-step-up.tsx')).askStepUp(error.channels ?? []),
      }),
    [],
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
