import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import '../styles.ts';
import {
  ALCOHOL_PENALTIES,
  ALCOHOL_PENALTY_DECREE,
  ALCOHOL_UNIT_GRAMS,
  alcoholEffectLevel,
  type AlcoholEstimate,
  breathFromBlood,
  IMPOUNDMENT,
  PENALTY_LEVEL_UP_TO,
  PENALTY_LEVELS,
  penaltyLevelOfBlood,
  type Penalty,
  VEHICLES,
} from '@rhc/domain';
import { IconAlertTriangle, IconPhoneCall } from '@tabler/icons-react';
import { LineChart } from '../../../components/chart/line-chart.tsx';
import { formatCalendarDay, formatInstant } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/format-number.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from '../alcohol.module.css';

const TIME_FORMAT = 'HH:mm DD-MM';

/** Step 2 of spec §2: the estimate over time, when each level is left, the effect level and the penalties. */
export function ResultStep({
  estimate,
  end,
  now,
  onEdit,
  onStartOver,
}: {
  estimate: AlcoholEstimate;
  /** When drinking ended, and when the estimate was made (ms). */
  end: number;
  now: number;
  onEdit: () => void;
  onStartOver: () => void;
}) {
  const { t, i18n } = useTranslation('alcohol');
  const number = (value: number, digits = 1) => formatNumber(i18n.language, value, digits);
  const time = (instant: number) => formatInstant(new Date(instant), TIME_FORMAT);
  const reading = (mg: number) => (
    <>
      <Text fw={700} size="lg">
        {t('result.blood', { value: number(mg) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('result.breath', { value: number(breathFromBlood(mg), 3) })}
      </Text>
    </>
  );
  const peak = estimate.peak.mgPer100ml;
  const effect = alcoholEffectLevel(peak);
  const level = penaltyLevelOfBlood(peak);
  const first = estimate.points[0]?.time ?? now;

  return (
    <Stack gap="lg">
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title={t('result.title')}>
        {t('result.zeroTolerance')}
      </Alert>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed">
            {t('result.totalAlcohol')}
          </Text>
          <Text fw={700} size="lg">
            {t('result.totalValue', { grams: number(estimate.grams), units: number(estimate.grams / ALCOHOL_UNIT_GRAMS) })}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed">
            {t('result.peak', { time: time(estimate.peak.time) })}
          </Text>
          {reading(peak)}
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed">
            {t('result.atEnd', { time: time(end) })}
          </Text>
          {reading(estimate.atEnd)}
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed">
            {t('result.now', { time: time(now) })}
          </Text>
          {reading(estimate.now)}
        </Paper>
      </SimpleGrid>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <LineChart
          title={t('result.chartTitle')}
          unit={t('result.chartUnit')}
          points={estimate.points.map((point) => ({
            time: point.time,
            value: point.mgPer100ml,
            colour: point.mgPer100ml <= 0 ? 'green' : point.mgPer100ml <= PENALTY_LEVEL_UP_TO[1].blood ? 'yellow' : 'red',
          }))}
          bands={[
            { from: 0, to: PENALTY_LEVEL_UP_TO[1].blood, colour: 'yellow' },
            { from: PENALTY_LEVEL_UP_TO[1].blood, to: Number.MAX_VALUE, colour: 'red' },
          ]}
          summary={t('result.chartSummary', {
            from: time(first),
            to: time(estimate.zero),
            peak: number(peak),
            peakTime: time(estimate.peak.time),
          })}
          format={(value) => number(value)}
          labels={{
            time: t('result.chartTime'),
            level: { green: t('result.chartLevels.green'), yellow: t('result.chartLevels.yellow'), red: t('result.chartLevels.red') },
          }}
          timeFormat="HH:mm"
          minSpan={0}
        />
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Title order={2} size="h4" mb="sm">
          {t('result.timesTitle')}
        </Title>
        <dl className={classes.times}>
          {(
            [
              ['below80', estimate.below80, PENALTY_LEVEL_UP_TO[2].blood],
              ['below50', estimate.below50, PENALTY_LEVEL_UP_TO[1].blood],
              ['zero', estimate.zero, 0],
            ] as const
          ).map(([key, exact, bound]) => {
            // A time to wait is rounded up to the minute, never shortened.
            const at = Math.ceil(exact / 60_000) * 60_000;
            return (
              <div key={key}>
                <dt>{t(`result.${key}`)}</dt>
                <dd>
                  {peak <= bound
                    ? t('result.alreadyBelow')
                    : at <= now
                      ? t('result.passed', { time: time(at) })
                      : t('result.atTime', { time: time(at), duration: duration(t, at - now) })}
                </dd>
              </div>
            );
          })}
        </dl>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('result.effectTitle')}
          </Title>
          <Group gap="xs">
            <Badge
              color={effect === 'none' ? 'green' : effect === 'slight' ? 'yellow' : 'red'}
              variant="filled"
              size="lg"
              className={classes.badge}
            >
              {t(`result.effects.${effect}.title`)}
            </Badge>
          </Group>
          <Text>{t(`result.effects.${effect}.text`)}</Text>
          {effect === 'lifeThreatening' && (
            <Button component="a" href="tel:115" color="red" leftSection={<IconPhoneCall size={18} aria-hidden="true" />} w="fit-content">
              {t('result.call115')}
            </Button>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('result.penaltiesTitle')}
          </Title>
          <Text size="sm">
            {t('result.penaltiesIntro', {
              decree: ALCOHOL_PENALTY_DECREE.number,
              signed: formatCalendarDay(ALCOHOL_PENALTY_DECREE.signed),
              inForce: formatCalendarDay(ALCOHOL_PENALTY_DECREE.inForce),
            })}
          </Text>
          <Text fw={600}>{t('result.yourLevel', { level: level === 0 ? t('result.noLevel') : t('result.levelName', { level }) })}</Text>
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder withColumnBorders verticalSpacing="xs" className={classes.penalties}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('result.levelColumn')}</Table.Th>
                  {VEHICLES.map((vehicle) => (
                    <Table.Th key={vehicle} scope="col">
                      {t(`result.vehicles.${vehicle}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PENALTY_LEVELS.map((row) => (
                  <Table.Tr key={row} data-current={row === level || undefined} aria-current={row === level ? 'true' : undefined}>
                    <Table.Th scope="row">
                      <Text fw={700} size="sm">
                        {t('result.levelName', { level: row })}
                        {row === level && (
                          <Badge ml="xs" size="sm" color="red" variant="filled" component="span">
                            {t('result.yourRow')}
                          </Badge>
                        )}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`result.levelRange.${row}`)}
                      </Text>
                    </Table.Th>
                    {VEHICLES.map((vehicle) => (
                      <Table.Td key={vehicle}>
                        <PenaltyCell penalty={ALCOHOL_PENALTIES[vehicle][row]} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm">{t('result.refusal')}</Text>
          <Text size="sm">{t('result.impoundment', { days: IMPOUNDMENT.days, extended: IMPOUNDMENT.extendedDaysMax })}</Text>
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Title order={2} size="h4" mb="xs">
          {t('result.modelTitle')}
        </Title>
        <Text size="sm">{t('result.model')}</Text>
        <Text size="xs" c="dimmed" mt="xs">
          {t('result.sources')}{' '}
          <Anchor
            href="https://thuvienphapluat.vn/van-ban/Vi-pham-hanh-chinh/Nghi-dinh-168-2024-ND-CP-xu-phat-vi-pham-hanh-chinh-an-toan-giao-thong-duong-bo-619502.aspx"
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
          >
            {ALCOHOL_PENALTY_DECREE.number}
          </Anchor>
        </Text>
      </Paper>

      <Group justify="space-between">
        <Button variant="default" onClick={onStartOver}>
          {t('startOver')}
        </Button>
        <Button onClick={onEdit}>{t('edit')}</Button>
      </Group>
    </Stack>
  );
}

function PenaltyCell({ penalty }: { penalty: Penalty }) {
  const { t, i18n } = useTranslation('alcohol');
  const money = (value: number) => formatNumber(i18n.language, value);
  const clause = (text: string) => {
    const [article, number, point] = text.split('.');
    return t('result.clause', { article, clause: number, point });
  };
  const licence = penalty.licence;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t('result.fine', { min: money(penalty.fine.min), max: money(penalty.fine.max) })}
      </Text>
      <Text size="xs" c="dimmed">
        {clause(penalty.clause)}
      </Text>
      <Text size="sm">
        {!licence
          ? t('result.noLicence')
          : 'points' in licence
            ? t('result.points', { points: licence.points })
            : t('result.suspended', { min: licence.suspendedMonths.min, max: licence.suspendedMonths.max })}
      </Text>
      {licence && (
        <Text size="xs" c="dimmed">
          {clause(licence.clause)}
        </Text>
      )}
    </Stack>
  );
}

/** "3 giờ 39 phút" from a span in ms, rounded up to the minute (a time to wait is never shortened). */
function duration(t: (key: 'result.hoursMinutes' | 'result.minutes', values: Record<string, number>) => string, ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes >= 60
    ? t('result.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
    : t('result.minutes', { minutes });
}
