import type {
  Analysis,
  AnalysisQuerySchema,
  Measurement,
  MeasurementBodySchema,
  MeasurementPage,
  MeasurementsQuerySchema,
} from '@rhc/contracts';
import {
  ADULT_BANDS_FROM_AGE,
  ANALYSIS_MAX_POINTS,
  assessReading,
  BLOOD_PRESSURE_BANDS,
  BLOOD_SUGAR_BANDS,
  bloodPressureBand,
  bloodPressureColour,
  bloodSugarBand,
  bloodSugarColour,
  BMI_BANDS,
  bmiBand,
  bmiColour,
  computeBmi,
  HEART_RATE_BANDS,
  heartRateBand,
  heartRateColour,
  isMinorOn,
  MEASURED_AT_EARLIEST,
  MEASURED_AT_FUTURE_TOLERANCE_MS,
  READINGS_PER_DAY,
  vietnamDay,
  vietnamInstant,
  type HealthColour,
} from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { createMonitoringRepository, type Interval, type MeasurementFields, type MeasurementRow } from './monitoring.repository.ts';

type Body = z.output<typeof MeasurementBodySchema>;
type PageQuery = z.output<typeof MeasurementsQuerySchema>;
type AnalysisQuery = z.output<typeof AnalysisQuerySchema>;

export interface MonitoringDeps {
  db: Db;
}

const DAY_MS = 86_400_000;

function oneDecimal(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10;
}

/** The day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Vietnam's days from..to (either may be absent) as an interval of instants. */
function daysInterval(from: string | undefined, to: string | undefined): Interval {
  return { start: from ? vietnamInstant(from, '00:00') : null, end: to ? vietnamInstant(nextDay(to), '00:00') : null };
}

/** The instant a person born on `dateOfBirth` turns 18 (Vietnam's midnight; 29 February becomes 1 March). */
function adultFrom(dateOfBirth: string): Date {
  const [y = 0, m = 1, d = 1] = dateOfBirth.split('-').map(Number);
  const birthday = new Date(Date.UTC(y + ADULT_BANDS_FROM_AGE, m - 1, d)).toISOString().slice(0, 10);
  return vietnamInstant(birthday, '00:00');
}

/**
 * Health monitoring (issue 16, decision 023): a person's readings with their colour bands, and the analysis over a date
 * range. Who may read or write is declared on the endpoints and checked before the service is called (issue 48): a read
 * of "health info" (a watcher's read is audited), a change by the person or their manager (a watcher never writes).
 */
export function createMonitoringService(deps: MonitoringDeps) {
  const repository = createMonitoringRepository(deps.db);

  function toMeasurement(row: MeasurementRow, dateOfBirth: string | null): Measurement {
    const minor = dateOfBirth !== null && isMinorOn(dateOfBirth, vietnamDay(row.measuredAt));
    return {
      id: row.id,
      infoId: row.profileId,
      measuredAt: row.measuredAt.toISOString(),
      systolic: row.systolic,
      diastolic: row.diastolic,
      heartRate: row.heartRate,
      bloodSugar: row.bloodSugar,
      height: row.height,
      weight: row.weight,
      bmi: row.bmi,
      symptoms: row.symptoms,
      note: row.note,
      category: row.category as Measurement['category'],
      assessment: assessReading(row, minor),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The stored fields of a body: the measurement time within bounds, one decimal, BMI from height and weight. */
  function fields(body: Body, meta: RequestMeta): MeasurementFields {
    const measuredAt = new Date(body.measuredAt);
    if (measuredAt.getTime() > meta.now.getTime() + MEASURED_AT_FUTURE_TOLERANCE_MS)
      throw fieldError(meta.language, 'measuredAt', 'validation.measured_in_future');
    if (measuredAt.getTime() < Date.parse(MEASURED_AT_EARLIEST))
      throw fieldError(meta.language, 'measuredAt', 'validation.measured_too_early');
    const height = oneDecimal(body.height);
    const weight = oneDecimal(body.weight);
    return {
      measuredAt,
      systolic: body.systolic,
      diastolic: body.diastolic,
      heartRate: body.heartRate,
      bloodSugar: oneDecimal(body.bloodSugar),
      height,
      weight,
      bmi: height !== null && weight !== null && height > 0 && weight > 0 ? computeBmi(height, weight) : null,
      symptoms: body.symptoms,
      note: body.note,
      category: body.category,
    };
  }

  function bandCounts<B extends string>(
    bands: readonly B[],
    values: { a: number; b: number | null; n: number }[],
    classify: (a: number, b: number | null) => { band: B; colour: HealthColour },
  ) {
    const counts = new Map<B, { band: B; colour: HealthColour; count: number }>();
    for (const value of values) {
      const { band, colour } = classify(value.a, value.b);
      const entry = counts.get(band) ?? { band, colour, count: 0 };
      // Spec §9's colour can differ within a band (blood sugar above 300 is red, 126–300 yellow): keep the worst seen.
      if (colour === 'red' || (colour === 'yellow' && entry.colour === 'green')) entry.colour = colour;
      entry.count += value.n;
      counts.set(band, entry);
    }
    return bands.flatMap((band) => {
      const entry = counts.get(band);
      return entry ? [entry] : [];
    });
  }

  return {
    /** An account's erasure (decision 052): the readings of its own and managed profiles, in its transaction. */
    eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<number> {
      return createMonitoringRepository(tx).eraseProfiles(profileIds);
    },
    async list(infoId: string, query: PageQuery): Promise<MeasurementPage> {
      const [dateOfBirth, { rows, total }] = await Promise.all([
        repository.dateOfBirth(infoId),
        repository.page(infoId, daysInterval(query.from, query.to), query.category, query.page, query.size),
      ]);
      return { items: rows.map((row) => toMeasurement(row, dateOfBirth)), total, page: query.page, size: query.size };
    },

    async create(actor: Actor, infoId: string, body: Body, meta: RequestMeta): Promise<Measurement> {
      const stored = fields(body, meta);
      if ((await repository.countCreatedSince(infoId, new Date(meta.now.getTime() - DAY_MS))) >= READINGS_PER_DAY)
        throw new AppError(409, 'READINGS_LIMIT');
      const row = await repository.insert(infoId, actor.userId, stored, meta.now);
      return toMeasurement(row, await repository.dateOfBirth(infoId));
    },

    async update(infoId: string, id: string, body: Body, meta: RequestMeta): Promise<Measurement> {
      const row = await repository.update(infoId, id, fields(body, meta), meta.now);
      if (!row) throw AppError.notFound();
      return toMeasurement(row, await repository.dateOfBirth(infoId));
    },

    async remove(infoId: string, id: string): Promise<{ id: string }> {
      if (!(await repository.remove(infoId, id))) throw AppError.notFound();
      return { id };
    },

    async analysis(infoId: string, query: AnalysisQuery): Promise<Analysis> {
      const interval = daysInterval(query.from, query.to);
      const dateOfBirth = await repository.dateOfBirth(infoId);
      // Adult bands count only the readings taken from the person's 18th birthday on (issue 16).
      const adultStart = dateOfBirth ? adultFrom(dateOfBirth) : null;
      const adultInterval: Interval = {
        start: adultStart && (!interval.start || adultStart > interval.start) ? adultStart : interval.start,
        end: interval.end,
      };
      const adultEmpty = !!adultInterval.start && !!adultInterval.end && adultInterval.start >= adultInterval.end;
      const none = Promise.resolve([] as { a: number; b: number | null; n: number }[]);
      const [stats, bp, hr, sugar, bmi, points] = await Promise.all([
        repository.stats(infoId, interval),
        adultEmpty ? none : repository.valueCounts(infoId, adultInterval, 'bloodPressure'),
        adultEmpty ? none : repository.valueCounts(infoId, adultInterval, 'heartRate'),
        repository.valueCounts(infoId, interval, 'bloodSugar'),
        adultEmpty ? none : repository.valueCounts(infoId, adultInterval, 'bmi'),
        repository.points(infoId, interval),
      ]);
      const summary = (s: { count: number; min: number | null; avg: number | null; max: number | null }) =>
        s.count > 0 && s.min !== null && s.avg !== null && s.max !== null ? { min: s.min, avg: s.avg, max: s.max } : null;
      const truncated = points.length > ANALYSIS_MAX_POINTS;
      return {
        from: query.from,
        to: query.to,
        adultBands: !dateOfBirth || !isMinorOn(dateOfBirth, query.to),
        bloodPressure: {
          count: stats.systolic.count,
          systolic: summary(stats.systolic),
          diastolic: summary(stats.diastolic),
          bands: bandCounts(BLOOD_PRESSURE_BANDS, bp, (s, d) => ({
            band: bloodPressureBand(s, d ?? 0),
            colour: bloodPressureColour(s, d ?? 0),
          })),
        },
        heartRate: {
          count: stats.heartRate.count,
          stats: summary(stats.heartRate),
          bands: bandCounts(HEART_RATE_BANDS, hr, (v) => ({ band: heartRateBand(v), colour: heartRateColour(v) })),
        },
        bloodSugar: {
          count: stats.bloodSugar.count,
          stats: summary(stats.bloodSugar),
          bands: bandCounts(BLOOD_SUGAR_BANDS, sugar, (v) => ({ band: bloodSugarBand(v), colour: bloodSugarColour(v) })),
        },
        bmi: {
          count: stats.bmi.count,
          stats: summary(stats.bmi),
          bands: bandCounts(BMI_BANDS, bmi, (v) => ({ band: bmiBand(v), colour: bmiColour(v) })),
        },
        points: (truncated ? points.slice(points.length - ANALYSIS_MAX_POINTS) : points).map((p) => ({
          ...p,
          measuredAt: p.measuredAt.toISOString(),
        })),
        pointsLimit: ANALYSIS_MAX_POINTS,
        truncated,
      };
    },
  };
}
export type MonitoringService = ReturnType<typeof createMonitoringService>;
