import { Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLogout } from '../hooks/use-logout.ts';
import classes from './account-bar.module.css';
import { openConfirm } from '../../../lib/confirm.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Spec §2: the exit link asks "Sign out – Do you want to sign out?" with Yes and No before logging out. */
export function SignOutButton() {
  const { t } = useTranslation('accounts');
  const logout = useLogout();

  const confirm = () =>
    openConfirm({
      title: t('signOut.title'),
      children: <Text size="sm">{t('signOut.message')}</Text>,
      labels: { confirm: t('signOut.yes'), cancel: t('signOut.no') },
      centered: true,
      onConfirm: () => void logout(),
    });

  // On a phone only the icon shows; the button keeps its name for screen readers.
  return (
    <Button variant="subtle" color="gray" onClick={confirm} aria-label={t('header.signOut')} className={classes.signOut}>
      <IconLogout size={20} aria-hidden="true" />
      <span className={classes.signOutLabel}>{t('header.signOut')}</span>
    </Button>
  );
}
