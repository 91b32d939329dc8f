import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import '../styles.ts';
import { labNeedsFasting, labPreparation, labTotalVnd, labTurnaroundHours, type LabPreparationKey, type LabSelection } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { LAB_STRINGS } from '../lab-paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { turnaroundText } from '../lab-words.ts';

/** What the person does before the sample (`lab-catalog:preparation.<key>`), fasting first; said when nothing is needed. */
export function LabPreparation({ keys }: { keys: readonly LabPreparationKey[] }) {
  const { t } = useTranslation(LAB_STRINGS);
  if (keys.length === 0) return <Text size="sm">{t('form.noPreparation')}</Text>;
  return (
    <Stack component="ul" gap={4} m={0} ps="lg">
      {keys.map((key) => (
        <Text component="li" size="sm" key={key}>
          {t(`lab-catalog:preparation.${key}`)}
        </Text>
      ))}
    </Stack>
  );
}

/** The tests and packages chosen, by name, as a bulleted list (the confirm page's summary and the order's page). */
export function LabItemList({ names }: { names: readonly string[] }) {
  return (
    <Stack component="ul" gap={2} m={0} ps="lg">
      {names.map((name) => (
        <Text component="li" size="sm" key={name}>
          {name}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The choice so far beside the catalog: how many items, the total price (a test a chosen package holds charged once:
 * the domain's labTotalVnd, the server's sum), when all results are in, and the preparation, fasting first.
 */
export function LabChoiceSummary({ selection }: { selection: LabSelection }) {
  const { t } = useTranslation(LAB_STRINGS);
  const count = selection.packages.length + selection.tests.length;
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs" aria-live="polite">
          <Text size="sm">{count === 0 ? t('form.nothingChosen') : t('form.chosenCount', { count })}</Text>
          <Text fw={700} size="lg" data-testid="lab-total">
            {t('form.total')}: {formatVnd(labTotalVnd(selection))}
          </Text>
        </Group>
        {count > 0 && (
          <>
            <Text size="sm" c="dimmed">
              {t('form.allResults', { time: turnaroundText(t, labTurnaroundHours(selection)) })}
            </Text>
            {labNeedsFasting(selection) && (
              <Alert color="orange" icon={<IconInfoCircle aria-hidden="true" />} p="xs">
                {t('form.fastingAlert')}
              </Alert>
            )}
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('form.preparation')}
              </Text>
              <LabPreparation keys={labPreparation(selection)} />
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
