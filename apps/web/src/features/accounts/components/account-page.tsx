import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { ReactNode } from 'react';
import classes from './account-page.module.css';

type AccountPageProps = {
  title: string;
  intro?: ReactNode;
  /** Narrow for a short form (login), wide for sign-up. */
  width?: 'narrow' | 'wide';
  children: ReactNode;
};

/** The frame of the account screens: a heading and its form on a card. */
export function AccountPage({ title, intro, width = 'narrow', children }: AccountPageProps) {
  return (
    <Container size={width === 'narrow' ? 480 : 820} className={classes.page}>
      <Paper withBorder radius="lg" shadow="xs" className={classes.card}>
        <Stack gap={4} mb="lg">
          <Title order={1}>{title}</Title>
          {intro && <Text c="dimmed">{intro}</Text>}
        </Stack>
        {children}
      </Paper>
    </Container>
  );
}
