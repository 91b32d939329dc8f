import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Analysis, AnalysisPoint } from '@rhc/contracts';
import {
  analysisRangeProblem,
  BLOOD_SUGAR_DIABETES,
  BLOOD_SUGAR_LOW,
  BLOOD_SUGAR_VERY_HIGH,
  bloodSugarColour,
  bmiColour,
  BMI_OBESE_FROM,
  BMI_OVERWEIGHT_FROM,
  BMI_UNDERWEIGHT_BELOW,
  BP_RED_DIASTOLIC,
  BP_RED_SYSTOLIC,
  BP_YELLOW_DIASTOLIC,
  BP_YELLOW_SYSTOLIC,
  HEART_RATE_MAX_NORMAL,
  HEART_RATE_MIN_NORMAL,
  MG_PER_DL_PER_MMOL_PER_L,
  heartRateColour,
  vietnamInstant,
  type BloodSugarUnit,
  type HealthColour,
} from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { addDays } from '../../../components/calendar/month-grid.ts';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { formatCalendarDay, todayInDisplayZone } from '../../../lib/dates.ts';
import { fieldErrorText } from '../../../lib/forms.ts';
import { useAnalysis } from '../api.ts';
import { sugarIn } from '../hooks/use-sugar-unit.ts';
import classes from '../monitoring.module.css';
import { formatNumber } from '../../../lib/format-number.ts';
import { LevelBadge } from './level-badge.tsx';
import { LineChart, type ChartBand, type ChartPoint } from '../../../components/chart/line-chart.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const QUICK_RANGES = [7, 30, 90, 365] as const;
const INF = Number.MAX_SAFE_INTEGER;
const DAY_MS = 86_400_000;

/** The first day of the `days`-day period ending today. */
function startOf(days: number, today: string): string {
  return addDays(today, 1 - days);
}

function threeBands(yellowFrom: number, redFrom: number): ChartBand[] {
  return [
    { from: 0, to: yellowFrom, colour: 'green' },
    { from: yellowFrom, to: redFrom, colour: 'yellow' },
    { from: redFrom, to: INF, colour: 'red' },
  ];
}

function one(value: number, red: number, yellow: number): HealthColour {
  return value >= red ? 'red' : value >= yellow ? 'yellow' : 'green';
}

/** Spec §2 analysis by date range (at most 365 days): per measure min/avg/max, readings per band and a chart. */
export function AnalysisPanel({ infoId, unit }: { infoId: string; unit: BloodSugarUnit }) {
  const { t } = useTranslation('monitoring');
  const today = todayInDisplayZone();
  const [range, setRange] = useState<{ from: string | null; to: string | null }>({ from: startOf(30, today), to: today });
  const problem = range.from && range.to ? analysisRangeProblem(range.from, range.to) : null;
  const valid = !!range.from && !!range.to && problem === null;
  const analysis = useAnalysis(infoId, valid ? { from: range.from as string, to: range.to as string } : null);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('analysis.intro')}
      </Text>
      <SimpleGrid cols={{ base: 2 }} spacing="sm" maw={520}>
        <DayInput label={t('fields.from')} value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} maxDate={today} />
        <DayInput
          label={t('fields.to')}
          value={range.to}
          onChange={(to) => setRange((r) => ({ ...r, to }))}
          maxDate={today}
          error={
            problem
              ? fieldErrorText(
                  problem === 'end_before_start' ? 'validation.analysis_end_before_start' : 'validation.analysis_range_too_long',
                )
              : undefined
          }
        />
      </SimpleGrid>
      <Group gap="xs">
        {QUICK_RANGES.map((days) => (
          <Button key={days} size="compact-sm" variant="default" onClick={() => setRange({ from: startOf(days, today), to: today })}>
            {t('actions.lastDays', { count: days })}
          </Button>
        ))}
      </Group>
      {!valid ? null : analysis.isError ? (
        <ErrorState message={`${t('analysis.loadFailed')} ${analysis.error.message}`} onRetry={() => void analysis.refetch()} />
      ) : !analysis.data ? (
        <LoadingState minHeight={160} />
      ) : analysis.data.points.length === 0 ? (
        <Text c="dimmed">
          {t('analysis.empty', { from: formatCalendarDay(analysis.data.from), to: formatCalendarDay(analysis.data.to) })}
        </Text>
      ) : (
        <AnalysisResult data={analysis.data} unit={unit} />
      )}
      <Text size="xs" c="dimmed">
        {t('analysis.legendBands')}
      </Text>
    </Stack>
  );
}

type Stats = { min: number; avg: number; max: number };
type MeasureGroup = 'bloodPressure' | 'heartRate' | 'bloodSugar' | 'bmi';

/** Lowest, average and highest of a measure over the period. */
function StatsRow({ stats, convert = (v: number) => v }: { stats: Stats | null; convert?: (v: number) => number }) {
  const { t, i18n } = useTranslation('monitoring');
  if (!stats) return null;
  return (
    <div className={classes.stats}>
      {(['min', 'avg', 'max'] as const).map((key) => (
        <div key={key}>
          <Text size="xs" c="dimmed">
            {t(`analysis.${key}`)}
          </Text>
          <Text fw={700}>{formatNumber(i18n.language, convert(stats[key]))}</Text>
        </div>
      ))}
    </div>
  );
}

/** How many readings fell in each band, each with its level. */
function BandCounts({ bands, group }: { bands: { band: string; colour: HealthColour; count: number }[]; group: MeasureGroup }) {
  const { t } = useTranslation('monitoring');
  if (bands.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t('analysis.bandCounts')}
      </Text>
      <Group gap={6}>
        {bands.map((b) => (
          <LevelBadge key={b.band} colour={b.colour} label={`${t(`bands.${group}.${b.band}` as 'bands.bmi.normal')}: ${b.count}`} />
        ))}
      </Group>
    </Stack>
  );
}

/** One measure's part of the analysis: its name and how many readings, how many fell in each band, then `children`. */
function MeasureCard({
  title,
  summary,
  group,
  children,
}: {
  title: string;
  summary: { count: number; bands: { band: string; colour: HealthColour; count: number }[] };
  group: MeasureGroup;
  children: ReactNode;
}) {
  const { t } = useTranslation('monitoring');
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title} · {t('analysis.count', { count: summary.count })}
        </Title>
        <BandCounts bands={summary.bands} group={group} />
        {children}
      </Stack>
    </Paper>
  );
}

function AnalysisResult({ data, unit }: { data: Analysis; unit: BloodSugarUnit }) {
  const { t, i18n } = useTranslation('monitoring');
  const n = (value: number) => formatNumber(i18n.language, value);
  const from = formatCalendarDay(data.from);
  const to = formatCalendarDay(data.to);
  // The whole period on the time axis, Vietnam's midnight to midnight.
  const domain = useMemo(
    () => ({ start: vietnamInstant(data.from, '00:00').getTime(), end: vietnamInstant(data.to, '00:00').getTime() + DAY_MS - 1 }),
    [data.from, data.to],
  );
  const levelLabels = { green: t('levels.green'), yellow: t('levels.yellow'), red: t('levels.red') };
  const series = (pick: (p: AnalysisPoint) => number | null, colour: (v: number) => HealthColour): ChartPoint[] =>
    data.points.flatMap((p) => {
      const value = pick(p);
      return value === null ? [] : [{ time: Date.parse(p.measuredAt), value, colour: colour(value) }];
    });
  const sugar = (v: number) => sugarIn(unit, v);

  const chart = (
    title: string,
    unitLabel: string,
    points: ChartPoint[],
    bands: ChartBand[],
    stats: { min: number; avg: number; max: number } | null,
  ) =>
    points.length > 0 && (
      <LineChart
        title={title}
        unit={unitLabel}
        points={points}
        bands={bands}
        format={n}
        labels={{ time: t('analysis.time'), level: levelLabels }}
        domain={domain}
        summary={t('analysis.chartSummary', {
          measure: title,
          count: points.length,
          from,
          to,
          min: stats ? n(stats.min) : '–',
          avg: stats ? n(stats.avg) : '–',
          max: stats ? n(stats.max) : '–',
          unit: unitLabel,
        })}
      />
    );

  const convertStats = (stats: { min: number; avg: number; max: number } | null) =>
    stats && { min: sugar(stats.min), avg: sugar(stats.avg), max: sugar(stats.max) };

  return (
    <Stack gap="md">
      {!data.adultBands && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('analysis.minorNote')}
        </Alert>
      )}
      {data.truncated && <Text size="sm">{t('analysis.truncated', { limit: data.pointsLimit })}</Text>}
      {data.bloodPressure.count > 0 && (
        <MeasureCard title={t('fields.bloodPressure')} summary={data.bloodPressure} group="bloodPressure">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {(
              [
                { measure: 'systolic', red: BP_RED_SYSTOLIC, yellow: BP_YELLOW_SYSTOLIC, stats: data.bloodPressure.systolic },
                { measure: 'diastolic', red: BP_RED_DIASTOLIC, yellow: BP_YELLOW_DIASTOLIC, stats: data.bloodPressure.diastolic },
              ] as const
            ).map(({ measure, red, yellow, stats }) => (
              <Stack gap={4} key={measure}>
                {chart(
                  t(`measures.${measure}`),
                  t('units.mmHg'),
                  series(
                    (p) => p[measure],
                    (v) => one(v, red, yellow),
                  ),
                  threeBands(yellow, red),
                  stats,
                )}
                {/* Under its own chart, whose title says which of the two it is. */}
                <StatsRow stats={stats} />
              </Stack>
            ))}
          </SimpleGrid>
        </MeasureCard>
      )}
      {data.heartRate.count > 0 && (
        <MeasureCard title={t('measures.heartRate')} summary={data.heartRate} group="heartRate">
          <StatsRow stats={data.heartRate.stats} />
          {chart(
            t('measures.heartRate'),
            t('units.bpm'),
            series((p) => p.heartRate, heartRateColour),
            [
              { from: 0, to: HEART_RATE_MIN_NORMAL, colour: 'yellow' },
              { from: HEART_RATE_MIN_NORMAL, to: HEART_RATE_MAX_NORMAL, colour: 'green' },
              { from: HEART_RATE_MAX_NORMAL, to: INF, colour: 'yellow' },
            ],
            data.heartRate.stats,
          )}
        </MeasureCard>
      )}
      {data.bloodSugar.count > 0 && (
        <MeasureCard title={t('fields.bloodSugar', { unit })} summary={data.bloodSugar} group="bloodSugar">
          <StatsRow stats={data.bloodSugar.stats} convert={sugar} />
          {chart(
            t('measures.bloodSugar'),
            unit,
            series(
              (p) => (p.bloodSugar === null ? null : sugar(p.bloodSugar)),
              (v) => bloodSugarColour(unit === 'mmol/L' ? v * MG_PER_DL_PER_MMOL_PER_L : v),
            ),
            [
              { from: 0, to: sugar(BLOOD_SUGAR_LOW), colour: 'red' },
              { from: sugar(BLOOD_SUGAR_LOW), to: sugar(BLOOD_SUGAR_DIABETES), colour: 'green' },
              { from: sugar(BLOOD_SUGAR_DIABETES), to: sugar(BLOOD_SUGAR_VERY_HIGH), colour: 'yellow' },
              { from: sugar(BLOOD_SUGAR_VERY_HIGH), to: INF, colour: 'red' },
            ],
            convertStats(data.bloodSugar.stats),
          )}
          <Text size="xs" c="dimmed">
            {t('hints.bloodSugarFasting')}
          </Text>
        </MeasureCard>
      )}
      {data.bmi.count > 0 && (
        <MeasureCard title={t('fields.bmi')} summary={data.bmi} group="bmi">
          <StatsRow stats={data.bmi.stats} />
          {chart(
            t('fields.bmi'),
            'kg/m²',
            series((p) => p.bmi, bmiColour),
            [
              { from: 0, to: BMI_UNDERWEIGHT_BELOW, colour: 'yellow' },
              { from: BMI_UNDERWEIGHT_BELOW, to: BMI_OVERWEIGHT_FROM, colour: 'green' },
              { from: BMI_OVERWEIGHT_FROM, to: BMI_OBESE_FROM, colour: 'yellow' },
              { from: BMI_OBESE_FROM, to: INF, colour: 'red' },
            ],
            data.bmi.stats,
          )}
        </MeasureCard>
      )}
    </Stack>
  );
}
