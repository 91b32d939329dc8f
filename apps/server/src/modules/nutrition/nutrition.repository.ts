import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profileDateOfBirth } from '../../db/date-of-birth.ts';
import { nutritionAssessments } from '../../db/schema/index.ts';

export type NutritionRow = typeof nutritionAssessments.$inferSelect;
/** What the service computed and writes: the measures, the answers, the assessment and its conclusion. */
export type NutritionWrite = Pick<
  NutritionRow,
  'examinedOn' | 'heightCm' | 'weightKg' | 'weightThreeMonthsAgoKg' | 'answers' | 'assessment' | 'conclusion'
>;

/** The only SQL on `nutrition_assessments` (issue 52). */
export function createNutritionRepository(db: Db) {
  const ofProfile = (profileId: string, id: string) => and(eq(nutritionAssessments.profileId, profileId), eq(nutritionAssessments.id, id));

  return {
    /** Every assessment of these profiles (an account's erasure, decision 052); answers how many. */
    async eraseProfiles(profileIds: readonly string[]): Promise<number> {
      if (profileIds.length === 0) return 0;
      const gone = await db
        .delete(nutritionAssessments)
        .where(inArray(nutritionAssessments.profileId, [...profileIds]))
        .returning({ id: nutritionAssessments.id });
      return gone.length;
    },
    dateOfBirth: (profileId: string) => profileDateOfBirth(db, profileId),

    /** Newest exam first; on one day the latest written first. */
    async page(profileId: string, page: number, size: number): Promise<{ rows: NutritionRow[]; total: number }> {
      const where = eq(nutritionAssessments.profileId, profileId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(nutritionAssessments)
          .where(where)
          .orderBy(desc(nutritionAssessments.examinedOn), desc(nutritionAssessments.createdAt))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(nutritionAssessments).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(profileId: string, id: string): Promise<NutritionRow | undefined> {
      const [row] = await db.select().from(nutritionAssessments).where(ofProfile(profileId, id)).limit(1);
      return row;
    },

    async countCreatedSince(profileId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(nutritionAssessments)
        .where(and(eq(nutritionAssessments.profileId, profileId), gte(nutritionAssessments.createdAt, since)));
      return row?.n ?? 0;
    },

    async insert(profileId: string, by: string, fields: NutritionWrite, now: Date): Promise<NutritionRow> {
      const [row] = await db
        .insert(nutritionAssessments)
        .values({ profileId, ...fields, createdBy: by, updatedBy: by, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('nutrition assessment not stored');
      return row;
    },

    async update(profileId: string, id: string, by: string, fields: NutritionWrite, now: Date): Promise<NutritionRow | undefined> {
      const [row] = await db
        .update(nutritionAssessments)
        .set({ ...fields, updatedBy: by, updatedAt: now })
        .where(ofProfile(profileId, id))
        .returning();
      return row;
    },

    async remove(profileId: string, id: string): Promise<boolean> {
      const rows = await db.delete(nutritionAssessments).where(ofProfile(profileId, id)).returning({ id: nutritionAssessments.id });
      return rows.length > 0;
    },
  };
}
