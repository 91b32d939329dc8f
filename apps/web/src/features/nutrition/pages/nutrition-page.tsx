import { Button, Container, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { NutritionRecord } from '@rhc/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PersonBar } from '../../../components/person/person-bar.tsx';
import { usePersonBar } from '../../../components/person/use-person-bar.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useLast } from '../../../hooks/use-last.ts';
import { useManagedProfiles } from '../../../hooks/use-people.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { HistoryPanel } from '../components/history-panel.tsx';
import { NutritionDialog, type DialogMode } from '../components/nutrition-dialog.tsx';
import classes from '../nutrition.module.css';
import { PageHeading } from '../../../components/ui/page-heading.tsx';

/**
 * Spec §1, §2 /nutrition/ (issue 52): a person's nutrition assessments and plans — me, a profile I manage, or someone
 * who shares "health info" with me (read only) — as a paged history with view, add, edit and delete in one dialog.
 */
export function NutritionPage() {
  const { t } = useTranslation('nutrition');
  usePageTitle(t('title'));
  const { user, userId, person, bar } = usePersonBar('health_info', {
    label: t('person.label'),
    readOnly: (name) => t('person.readOnly', { name }),
  });
  const profiles = useManagedProfiles(userId);
  const [open, setOpen] = useState<{ mode: DialogMode; record?: NutritionRecord } | null>(null);
  // The dialog keeps its title and content while it closes.
  const shown = useLast(open);

  if (!userId || !person) return null;
  // The birth date for the live scores: mine, or a managed profile's; a watcher only views the server's scores.
  const dateOfBirth =
    person.kind === 'self' ? user?.dateOfBirth : profiles.data?.find((profile) => profile.id === person.id)?.info.dateOfBirth;

  return (
    <Container size="lg" className={classes.page}>
      <Stack gap="lg">
        <PageHeading title={t('title')} intro={t('intro')} />
        <PersonBar {...bar}>
          {person.canWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setOpen({ mode: 'add' })}>
              {t('actions.add')}
            </Button>
          )}
        </PersonBar>
        <HistoryPanel key={person.id} infoId={person.id} canWrite={person.canWrite} onOpen={(mode, record) => setOpen({ mode, record })} />
        <Text size="xs" c="dimmed">
          {t('sources')}
        </Text>
      </Stack>
      <NutritionDialog
        opened={open !== null}
        mode={shown?.mode ?? 'add'}
        infoId={person.id}
        record={shown?.record}
        dateOfBirth={dateOfBirth || undefined}
        onClose={() => setOpen(null)}
      />
    </Container>
  );
}
