import { Button, Container, Stack, Tabs, Text } from '@mantine/core';
import '../styles.ts';
import type { Measurement } from '@rhc/contracts';
import { BLOOD_SUGAR_UNITS, type BloodSugarUnit } from '@rhc/domain';
import { IconChartLine, IconList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PersonBar } from '../../../components/person/person-bar.tsx';
import { usePersonBar } from '../../../components/person/use-person-bar.ts';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { AnalysisPanel } from '../components/analysis-panel.tsx';
import { HistoryPanel } from '../components/history-panel.tsx';
import { MeasurementDialog } from '../components/measurement-dialog.tsx';
import { useLast } from '../../../hooks/use-last.ts';
import { useSugarUnit } from '../hooks/use-sugar-unit.ts';
import classes from '../monitoring.module.css';
import { useTranslation } from '../../../lib/i18n.ts';
import { PageHeading } from '../../../components/ui/page-heading.tsx';

type Tab = 'history' | 'analysis';

/**
 * Spec §2 /health-monitoring/ (user menu IV): a person's readings — me, a profile I manage, or someone who shares
 * "health info" with me (read only) — as a history list with add, edit and delete, and an analysis by date range.
 */
export function HealthMonitoringPage() {
  const { t } = useTranslation('monitoring');
  usePageTitle(t('title'));
  const { userId, person, bar } = usePersonBar('health_info', {
    label: t('person.label'),
    readOnly: (name) => t('person.readOnly', { name }),
  });
  const [search, setSearch] = useSearchParams();
  const [unit, setUnit] = useSugarUnit();
  const [editing, setEditing] = useState<{ reading?: Measurement } | null>(null);
  // The dialog keeps its title (add or edit) while it closes.
  const shown = useLast(editing);

  const tab: Tab = search.get('tab') === 'analysis' ? 'analysis' : 'history';

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  if (!userId || !person) return null;

  return (
    <Container size="lg" className={classes.page}>
      <Stack gap="lg">
        <PageHeading title={t('title')} intro={t('intro')} />
        <PersonBar {...bar}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sugar-unit-label">
              {t('fields.unit')}
            </Text>
            <SegmentedChoice<BloodSugarUnit>
              aria-labelledby="sugar-unit-label"
              value={unit}
              onChange={setUnit}
              data={BLOOD_SUGAR_UNITS.map((value) => ({ value, label: value }))}
            />
          </Stack>
          {person.canWrite && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing({})}>
              {t('actions.add')}
            </Button>
          )}
        </PersonBar>
        <Tabs value={tab} onChange={(value) => setParam('tab', value === 'analysis' ? 'analysis' : null)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="history" leftSection={<IconList size={16} aria-hidden="true" />}>
              {t('tabs.history')}
            </Tabs.Tab>
            <Tabs.Tab value="analysis" leftSection={<IconChartLine size={16} aria-hidden="true" />}>
              {t('tabs.analysis')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="history" pt="md">
            <HistoryPanel
              key={person.id}
              infoId={person.id}
              canWrite={person.canWrite}
              unit={unit}
              onEdit={(reading) => setEditing({ reading })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="analysis" pt="md">
            <AnalysisPanel key={person.id} infoId={person.id} unit={unit} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <MeasurementDialog
        opened={editing !== null}
        infoId={person.id}
        reading={shown?.reading}
        unit={unit}
        onClose={() => setEditing(null)}
      />
    </Container>
  );
}
