import { ANALYSIS_MAX_POINTS, type MeasurementCategory } from '@rhc/domain';
import { and, count, desc, eq, gte, isNotNull, lt, sql, type SQL, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profileDateOfBirth } from '../../db/date-of-birth.ts';
import { healthMeasurements } from '../../db/schema/index.ts';

export type MeasurementRow = typeof healthMeasurements.$inferSelect;

/** What a reading stores, computed by the service (BMI, rounding) from the body. */
export interface MeasurementFields {
  measuredAt: Date;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  bloodSugar: number | null;
  height: number | null;
  weight: number | null;
  bmi: number | null;
  symptoms: string;
  note: string;
  category: MeasurementCategory;
}

/** An interval of instants, [start, end). */
export interface Interval {
  start: Date | null;
  end: Date | null;
}

export interface Stats {
  count: number;
  min: number | null;
  avg: number | null;
  max: number | null;
}

function within(interval: Interval): SQL[] {
  const conditions: SQL[] = [];
  if (interval.start) conditions.push(gte(healthMeasurements.measuredAt, interval.start));
  if (interval.end) conditions.push(lt(healthMeasurements.measuredAt, interval.end));
  return conditions;
}

/** A numeric aggregate as a JavaScript number (PostgreSQL answers numeric and bigint as text). */
function num(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The only SQL on `health_measurements` (issue 16). */
export function createMonitoringRepository(db: Db) {
  return {
    /** Every reading of these profiles (an account's erasure, decision 052); answers how many. */
    async eraseProfiles(profileIds: readonly string[]): Promise<number> {
      if (profileIds.length === 0) return 0;
      const gone = await db
        .delete(healthMeasurements)
        .where(inArray(healthMeasurements.profileId, [...profileIds]))
        .returning({ id: healthMeasurements.id });
      return gone.length;
    },
    dateOfBirth: (profileId: string) => profileDateOfBirth(db, profileId),

    async page(profileId: string, interval: Interval, category: MeasurementCategory | undefined, page: number, size: number) {
      const where = and(
        eq(healthMeasurements.profileId, profileId),
        ...within(interval),
        ...(category ? [eq(healthMeasurements.category, category)] : []),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(healthMeasurements)
          .where(where)
          .orderBy(desc(healthMeasurements.measuredAt), desc(healthMeasurements.createdAt))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(healthMeasurements).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async insert(profileId: string, createdBy: string, fields: MeasurementFields, now: Date): Promise<MeasurementRow> {
      const [row] = await db
        .insert(healthMeasurements)
        .values({ profileId, createdBy, ...fields, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('reading not stored');
      return row;
    },

    /** Changes a reading of the profile; undefined when the profile has no such reading. */
    async update(profileId: string, id: string, fields: MeasurementFields, now: Date): Promise<MeasurementRow | undefined> {
      const [row] = await db
        .update(healthMeasurements)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(healthMeasurements.id, id), eq(healthMeasurements.profileId, profileId)))
        .returning();
      return row;
    },

    async remove(profileId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(healthMeasurements)
        .where(and(eq(healthMeasurements.id, id), eq(healthMeasurements.profileId, profileId)))
        .returning({ id: healthMeasurements.id });
      return rows.length > 0;
    },

    /** Readings written to the profile since `since` (the daily cap). */
    async countCreatedSince(profileId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(healthMeasurements)
        .where(and(eq(healthMeasurements.profileId, profileId), gte(healthMeasurements.createdAt, since)));
      return row?.n ?? 0;
    },

    /** Count, min, avg and max of every measure over the interval, in one statement. */
    async stats(profileId: string, interval: Interval) {
      const m = healthMeasurements;
      const aggregate = (column: SQL | typeof m.systolic) => ({
        count: sql<string>`count(${column})`,
        min: sql<string | null>`min(${column})`,
        avg: sql<string | null>`round(avg(${column}), 1)`,
        max: sql<string | null>`max(${column})`,
      });
      const columns = { systolic: m.systolic, diastolic: m.diastolic, heartRate: m.heartRate, bloodSugar: m.bloodSugar, bmi: m.bmi };
      const selection: Record<string, SQL> = {};
      for (const [name, column] of Object.entries(columns)) {
        const parts = aggregate(column as typeof m.systolic);
        for (const [part, expression] of Object.entries(parts)) selection[`${name}_${part}`] = expression;
      }
      const [row] = await db
        .select(selection)
        .from(m)
        .where(and(eq(m.profileId, profileId), ...within(interval)));
      const out = {} as Record<keyof typeof columns, Stats>;
      for (const name of Object.keys(columns) as (keyof typeof columns)[]) {
        out[name] = {
          count: num(row?.[`${name}_count`]) ?? 0,
          min: num(row?.[`${name}_min`]),
          avg: num(row?.[`${name}_avg`]),
          max: num(row?.[`${name}_max`]),
        };
      }
      return out;
    },

    /**
     * The distinct values of a measure with how many readings had each, over the interval (from `adultFrom` on when
     * given): the service classes each value once with the domain's rules, so no band threshold is written in SQL.
     */
    async valueCounts(
      profileId: string,
      interval: Interval,
      measure: 'bloodPressure' | 'heartRate' | 'bloodSugar' | 'bmi',
    ): Promise<{ a: number; b: number | null; n: number }[]> {
      const m = healthMeasurements;
      const where = and(eq(m.profileId, profileId), ...within(interval));
      if (measure === 'bloodPressure') {
        const rows = await db
          .select({ a: m.systolic, b: m.diastolic, n: count() })
          .from(m)
          .where(and(where, isNotNull(m.systolic), isNotNull(m.diastolic)))
          .groupBy(m.systolic, m.diastolic);
        return rows.map((r) => ({ a: r.a as number, b: r.b, n: r.n }));
      }
      const column = measure === 'heartRate' ? m.heartRate : measure === 'bloodSugar' ? m.bloodSugar : m.bmi;
      const rows = await db
        .select({ a: column, n: count() })
        .from(m)
        .where(and(where, isNotNull(column)))
        .groupBy(column);
      return rows.map((r) => ({ a: Number(r.a), b: null, n: r.n }));
    },

    /** The newest readings of the interval (at most ANALYSIS_MAX_POINTS + 1, to tell whether there were more), oldest first. */
    async points(profileId: string, interval: Interval) {
      const m = healthMeasurements;
      const rows = await db
        .select({
          measuredAt: m.measuredAt,
          systolic: m.systolic,
          diastolic: m.diastolic,
          heartRate: m.heartRate,
          bloodSugar: m.bloodSugar,
          bmi: m.bmi,
        })
        .from(m)
        .where(and(eq(m.profileId, profileId), ...within(interval)))
        .orderBy(desc(m.measuredAt), desc(m.createdAt))
        .limit(ANALYSIS_MAX_POINTS + 1);
      return rows.reverse();
    },
  };
}
export type MonitoringRepository = ReturnType<typeof createMonitoringRepository>;
