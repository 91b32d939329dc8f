import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './status-screen.module.css';

type StatusScreenProps = {
  /** A short label above the title: a status code or a badge. */
  eyebrow: ReactNode;
  icon: ReactNode;
  title: string;
  text: string;
  /** What the person can do next, usually a link home. */
  action: ReactNode;
};

/** The centred message screen shared by the not-found and server-error pages. */
export function StatusScreen({ eyebrow, icon, title, text, action }: StatusScreenProps) {
  return (
    <Stack className={classes.screen} align="center" gap="md">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden="true">
        {icon}
      </ThemeIcon>
      {eyebrow}
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      <Text c="dimmed" size="lg" className={classes.text}>
        {text}
      </Text>
      {action}
    </Stack>
  );
}

/** Something asked for that is not there (or not the person's): the status screen with no eyebrow, a search icon unless given. */
export function NotFoundScreen({
  icon = <IconFileSearch size={36} />,
  ...props
}: Omit<StatusScreenProps, 'eyebrow' | 'icon'> & { icon?: ReactNode }) {
  return <StatusScreen icon={icon} eyebrow={null} {...props} />;
}
