import { Stack, Table, Tabs, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { ScheduledDose, VaccineStatusView } from '@rhc/contracts';
import { AGE_BANDS, type AgeBand } from '@rhc/domain';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { calendarDayName } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from '../vaccines.module.css';
import { bandOfAges, vaccineName, VACCINE_STRINGS } from './vaccine-text.ts';
import { agesText } from '../../../lib/vaccine-ages.ts';

/** The doses of a vaccine that fall in `band`: by their first age, else (an age the notation cannot place) in its first band. */
function dosesIn(status: VaccineStatusView, band: AgeBand): ScheduledDose[] {
  return status.doses.filter((dose) => {
    const own = bandOfAges(dose.ages);
    return own !== null && status.bands.includes(own) ? own === band : status.bands[0] === band;
  });
}

/**
 * The schedule chart by age band (spec §1: 0–6, 7–18, 19–65+; §3 INFANT, CHILD, ADULT): one tab per band, a row per
 * vaccine the band concerns with its doses and ages, each dose given ticked with its date. Opens on the person's band.
 */
export function BandChart({ statuses, currentBand }: { statuses: readonly VaccineStatusView[]; currentBand: AgeBand }) {
  const { t } = useTranslation(VACCINE_STRINGS);
  const [band, setBand] = useState<AgeBand>(currentBand);
  return (
    <Stack gap="sm" component="section" aria-labelledby="vaccine-chart-title">
      <Title order={2} size="h3" id="vaccine-chart-title">
        {t('chart.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('chart.intro')}
      </Text>
      <Tabs value={band} onChange={(value) => value && setBand(value as AgeBand)} keepMounted={false}>
        <Tabs.List>
          {AGE_BANDS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`chart.bandNames.${value}`)} ({t(`chart.bands.${value}`)})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {AGE_BANDS.map((value) => {
          const rows = statuses.filter((status) => status.bands.includes(value));
          return (
            <Tabs.Panel key={value} value={value} pt="sm">
              {rows.length === 0 ? (
                <Text c="dimmed">{t('chart.noVaccine')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={320} type="native">
                  <Table verticalSpacing="xs" aria-label={`${t('chart.title')}: ${t(`chart.bands.${value}`)}`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th className={classes.chartVaccine}>{t('chart.vaccine')}</Table.Th>
                        <Table.Th>{t('chart.doses')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((status) => {
                        const doses = dosesIn(status, value);
                        return (
                          <Table.Tr key={status.vaccineId} data-testid="chart-row">
                            <Table.Th scope="row" className={classes.chartVaccine} fw={500}>
                              {vaccineName(t, status.vaccineId)}
                            </Table.Th>
                            <Table.Td>
                              {doses.length === 0 ? (
                                <Text size="sm">{status.recurring ? t('list.recurring', { valid: status.validDoses }) : '—'}</Text>
                              ) : (
                                <ul className={classes.doseList}>
                                  {doses.map((dose) => (
                                    <li key={dose.id} className={classes.dose} data-given={dose.givenOn ? '' : undefined}>
                                      {dose.givenOn && <IconCheck size={14} aria-hidden="true" />}
                                      {dose.givenOn
                                        ? t('chart.given', {
                                            order: dose.order,
                                            ages: agesText(t, dose.ages),
                                            date: calendarDayName(dose.givenOn),
                                          })
                                        : t('chart.dose', { order: dose.order, ages: agesText(t, dose.ages) })}
                                    </li>
                                  ))}
                                </ul>
                              )}
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
