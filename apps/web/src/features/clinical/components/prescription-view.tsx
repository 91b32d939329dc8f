import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import '../styles.ts';
import type { Prescription, PrescriptionLine } from '@rhc/contracts';
import { DATE_TIME_INPUT_FORMAT, isBareDose } from '@rhc/domain';
import { formatInstant } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** A line's unit as a person reads it: the typed name for Other, else the unit's word in the language. */
export function useUnitLabel() {
  const { t } = useTranslation('clinical');
  return (line: Pick<PrescriptionLine, 'unit' | 'unitName'>) => (line.unit === 'other' ? (line.unitName ?? '') : t(`units.${line.unit}`));
}

/** One prescription, read-only: its lines, who wrote it under which licence and when; a replaced one says by whom and when. */
export function PrescriptionView({ prescription }: { prescription: Prescription }) {
  const { t } = useTranslation('clinical');
  const unitLabel = useUnitLabel();
  const replaced = prescription.superseded;
  // A dose written as a number alone is read with the line's unit: "1 viên/lần" (issue 54 item 18).
  const doseOf = (line: PrescriptionLine) =>
    isBareDose(line.dose) ? t('prescription.doseUnit', { dose: line.dose.trim(), unit: unitLabel(line) }) : line.dose;
  const usageOf = (line: PrescriptionLine) =>
    `${t('prescription.usage', { dose: doseOf(line), count: line.timesPerDay, days: line.days, meal: t(`meals.${line.mealTiming}`) })}${
      line.note ? ` — ${line.note}` : ''
    }`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="prescription" data-superseded={replaced ? 'true' : 'false'}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {t('prescription.writtenBy', {
              name: prescription.doctor.fullName,
              licence: prescription.doctor.licenceNumber ?? '—',
              at: formatInstant(prescription.createdAt, DATE_TIME_INPUT_FORMAT),
            })}
          </Text>
          <Badge color={replaced ? 'gray' : 'teal'} variant="light">
            {replaced ? t('prescription.supersededBadge') : t('prescription.current')}
          </Badge>
        </Group>
        {replaced && (
          <Text size="sm" c="dimmed">
            {t('prescription.superseded', { name: replaced.by.fullName, at: formatInstant(replaced.at, DATE_TIME_INPUT_FORMAT) })}
          </Text>
        )}
        <Table.ScrollContainer minWidth={480} visibleFrom="sm">
          <Table striped={!replaced} c={replaced ? 'dimmed' : undefined} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('prescription.columns.number')}</Table.Th>
                <Table.Th scope="col">{t('prescription.columns.drug')}</Table.Th>
                <Table.Th scope="col">{t('prescription.columns.quantity')}</Table.Th>
                <Table.Th scope="col">{t('prescription.columns.usage')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prescription.lines.map((line) => (
                <Table.Tr key={line.position}>
                  <Table.Td>{line.position}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.drugName}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {line.quantity} {unitLabel(line)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{usageOf(line)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {/* On a phone each drug is a short block: a four-column table would scroll sideways. */}
        <Stack gap="xs" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {prescription.lines.map((line) => (
            <Stack key={line.position} gap={2} component="li" c={replaced ? 'dimmed' : undefined}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {line.position}. {line.drugName} — {line.quantity} {unitLabel(line)}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {usageOf(line)}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
