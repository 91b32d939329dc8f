import { Button, Group, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { AGE_BANDS, type VaccineId } from '@rhc/domain';
import { Modal } from '../../../components/ui/modal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from '../vaccines.module.css';
import { vaccineName, VACCINE_STRINGS } from './vaccine-text.ts';

/**
 * A vaccine's fact sheet (spec §1, §2 "info dialogs"): what it prevents, who should get it and when in each age band it
 * concerns, the doses, the common side effects, what to know, and its source — the `vaccine-facts` texts.
 */
export function FactSheetDialog({ vaccineId, onClose }: { vaccineId: VaccineId; onClose: () => void }) {
  const { t, i18n } = useTranslation(VACCINE_STRINGS);
  const sheet = `vaccine-facts:${vaccineId}` as const;
  const bands = AGE_BANDS.filter((band) => i18n.exists(`${sheet}.bands.${band}`));
  const section = (heading: string, text: string, id: string) => (
    <Stack gap={4} component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {heading}
      </Title>
      <Text size="sm" className={classes.factText}>
        {text}
      </Text>
    </Stack>
  );
  return (
    <Modal opened onClose={onClose} title={vaccineName(t, vaccineId)} size="lg" centered>
      <Stack gap="md" data-testid="fact-sheet">
        {section(t('factSheet.protects'), t(`${sheet}.protects`), 'fact-protects')}
        {bands.length > 0 && (
          <Stack gap={4} component="section" aria-labelledby="fact-bands">
            <Title order={3} size="h5" id="fact-bands">
              {t('factSheet.bands')}
            </Title>
            {bands.map((band) => (
              <Text key={band} size="sm" className={classes.factText}>
                <strong>
                  {t(`chart.bandNames.${band}`)} ({t(`chart.bands.${band}`)}):
                </strong>{' '}
                {t(`${sheet}.bands.${band}` as never)}
              </Text>
            ))}
          </Stack>
        )}
        {section(t('factSheet.doses'), t(`${sheet}.doses`), 'fact-doses')}
        {section(t('factSheet.sideEffects'), t(`${sheet}.sideEffects`), 'fact-side-effects')}
        {section(t('factSheet.notes'), t(`${sheet}.notes`), 'fact-notes')}
        <Text size="xs" c="dimmed" className={classes.factText}>
          {t('factSheet.source')}: {t(`${sheet}.source`)}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
