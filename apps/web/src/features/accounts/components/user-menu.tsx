import { Group, Menu, Text, UnstyledButton, VisuallyHidden, type PopoverProps } from '@mantine/core';
import './account-bar-styles.ts';
import type { UserInfo } from '@rhc/contracts';
import { DOCTOR_JOB_ID } from '@rhc/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useReachedPopover } from '../../../hooks/use-reached.ts';
import { UserAvatar } from './user-avatar.tsx';
import classes from './account-bar.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

type MenuEntry = {
  numeral: string;
  key: 'userInfo' | 'relatives' | 'patientInformation' | 'healthMonitoring' | 'applications' | 'doctorSchedule';
  to: string;
};

/** Spec §2: the user menu's numbered entries; VI only for a doctor (jobId 1). */
export function menuEntriesFor(user: Pick<UserInfo, 'jobId'>): MenuEntry[] {
  const entries: MenuEntry[] = [
    { numeral: 'I', key: 'userInfo', to: paths.userInfo },
    { numeral: 'II', key: 'relatives', to: paths.relativeManagement },
    { numeral: 'III', key: 'patientInformation', to: paths.patientInformation },
    { numeral: 'IV', key: 'healthMonitoring', to: paths.healthMonitoring },
    { numeral: 'V', key: 'applications', to: paths.applicationList },
  ];
  if (user.jobId === DOCTOR_JOB_ID) entries.push({ numeral: 'VI', key: 'doctorSchedule', to: paths.scheduleManagement });
  return entries;
}

/** Menu's props leave out the popover's `withRoles`, which it passes on all the same. */
const ANCHOR_ONLY: Pick<PopoverProps, 'withRoles'> = { withRoles: false };

/** Spec §2: the avatar and full name open the menu of the person's own pages. */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation('accounts');
  const [opened, setOpened] = useState(false);
  const [buttonId, menuId] = [useId(), useId()];
  /*
   * The menu's popover joins the button when the person first reaches it (a pointer over it, the focus on it), not
   * with the page (issue 13, decision 036), as the bell's does: it is placed on an anchor laid over the button, so the
   * button is never remounted, and the button says what it opens itself.
   */
  // A press outside the button and the menu closes it.
  const { reached, reach, rootRef, dropdownRef } = useReachedPopover({ opened, onClose: () => setOpened(false) });
  return (
    <div ref={rootRef} className={classes.menuRoot}>
      {/*
       * Named by its text, not aria-label: the spoken sentence contains the name shown (WCAG 2.5.3), while the
       * avatar's initials and the shown name, hidden from screen readers, are not read twice.
       */}
      <UnstyledButton
        id={buttonId}
        className={classes.userButton}
        onClick={() => setOpened((open) => !open)}
        onPointerEnter={reach}
        onFocus={reach}
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
      >
        <Group gap={8} wrap="nowrap">
          <UserAvatar fullName={user.fullName} urlImage={user.urlImage} size={34} radius="xl" aria-hidden="true" />
          <Text className={classes.userName} fw={600} size="sm" truncate="end" aria-hidden="true">
            {user.fullName}
          </Text>
          <VisuallyHidden>{t('header.userMenu', { name: user.fullName })}</VisuallyHidden>
          <IconChevronDown size={14} aria-hidden="true" className={classes.chevron} />
        </Group>
      </UnstyledButton>
      {reached && (
        // The header is sticky, so the menu's anchor never scrolls away: no need to watch it for that.
        // No focus placeholder: an unnamed, focusable div is not allowed inside role="menu" (axe aria-required-children).
        <Menu
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          width={280}
          shadow="md"
          // Drawn beside its button, inside the header's banner landmark: at the end of the page it stood outside every
          // landmark (issue 54 item 25, axe's region rule; the bell's popover is a dialog, which may stand alone). The
          // header is sticky and above the page (z-index 100), and nothing in it clips.
          withinPortal={false}
          hideDetached={false}
          withInitialFocusPlaceholder={false}
          // Mantine passes it on to the menu's popover: the anchor is no control, the button says what it opens.
          {...ANCHOR_ONLY}
          closeOnClickOutside={false}
        >
          <Menu.Target>
            <span className={classes.anchor} aria-hidden="true" />
          </Menu.Target>
          <Menu.Dropdown ref={dropdownRef} id={menuId} aria-labelledby={buttonId}>
            <Menu.Label>
              <Text fw={700} size="sm" c="var(--mantine-color-text)" truncate="end">
                {user.fullName}
              </Text>
              <Text size="xs" c="dimmed">
                {user.phone}
              </Text>
            </Menu.Label>
            <Menu.Divider />
            {menuEntriesFor(user).map((entry) => (
              <Menu.Item
                key={entry.key}
                component={Link}
                to={entry.to}
                leftSection={
                  <span className={classes.numeral} aria-hidden="true">
                    {entry.numeral}
                  </span>
                }
              >
                {t(`header.menu.${entry.key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </div>
  );
}
