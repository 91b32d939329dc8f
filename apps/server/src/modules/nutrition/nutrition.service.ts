import type { NutritionBodySchema, NutritionPage, NutritionRecord } from '@rhc/contracts';
import { ageInYears, assessNutrition, isRecordDayAllowed, NUTRITION_PER_DAY, RECORD_DAY_MIN, vietnamDay } from '@rhc/domain';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/authenticate.ts';
import { createAuditLog, type AuditAction } from '../../platform/audit/audit-log.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { fieldError } from '../../platform/http/field-error.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { createNutritionRepository, type NutritionRow, type NutritionWrite } from './nutrition.repository.ts';

type Body = z.output<typeof NutritionBodySchema>;

export interface NutritionDeps {
  db: Db;
}

const DAY_MS = 86_400_000;

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

function toRecord(row: NutritionRow): NutritionRecord {
  return {
    ...row.answers,
    id: row.id,
    infoId: row.profileId,
    examinedOn: row.examinedOn,
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    weightThreeMonthsAgoKg: row.weightThreeMonthsAgoKg,
    assessment: row.assessment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The nutrition assessment and plan history (issue 52, decision 041). Who may read or write a person's history is
 * declared on the endpoints and checked before the service is called: a read of "health info" (a watcher's read lands in
 * the person's access log), a change by the person or their manager. The scores are computed here from the body by the
 * domain's `assessNutrition` at the person's age on the exam day, and stored with it; what a client computed is never
 * taken.
 */
export function createNutritionService(deps: NutritionDeps) {
  const repository = createNutritionRepository(deps.db);

  /** What a body stores: the exam day within bounds, one decimal, and the assessment at the age on that day. */
  async function fields(infoId: string, body: Body, meta: RequestMeta): Promise<NutritionWrite> {
    const today = vietnamDay(meta.now);
    if (!isRecordDayAllowed(body.examinedOn, today)) {
      const key = body.examinedOn < RECORD_DAY_MIN ? 'validation.record_day_too_early' : 'validation.record_day_future';
      throw fieldError(meta.language, 'body.examinedOn', key);
    }
    const dateOfBirth = await repository.dateOfBirth(infoId);
    if (!dateOfBirth) throw AppError.notFound();
    if (body.examinedOn < dateOfBirth) throw fieldError(meta.language, 'body.examinedOn', 'validation.exam_day_before_birth');
    const { examinedOn, heightCm, weightKg, weightThreeMonthsAgoKg, ...answers } = body;
    const measures = {
      ...answers,
      heightCm: oneDecimal(heightCm),
      weightKg: oneDecimal(weightKg),
      weightThreeMonthsAgoKg: weightThreeMonthsAgoKg === null ? undefined : oneDecimal(weightThreeMonthsAgoKg),
    };
    const ageYears = ageInYears(dateOfBirth, examinedOn);
    const assessment = assessNutrition(measures, ageYears);
    return {
      examinedOn,
      heightCm: measures.heightCm,
      weightKg: measures.weightKg,
      weightThreeMonthsAgoKg: measures.weightThreeMonthsAgoKg ?? null,
      answers,
      assessment: {
        ageYears,
        bmi: assessment.bmi,
        weightLossPercent: assessment.weightLossPercent ?? null,
        nrs: assessment.nrs,
        glim: { ...assessment.glim, severity: assessment.glim.severity ?? null },
        conclusion: assessment.conclusion,
      },
      conclusion: assessment.conclusion,
    };
  }

  /** One success row, ids only: the person and the record, never a figure or a text. */
  function audited(tx: Db, action: AuditAction, actor: Actor, infoId: string, id: string, meta: RequestMeta) {
    return createAuditLog(tx).record(
      { action, outcome: 'success', actorUserId: actor.userId, subjectUserId: infoId, ip: meta.ip, details: { id } },
      meta.now,
    );
  }

  return {
    /** An account's erasure (decision 052): the nutrition history of its own and managed profiles, in its transaction. */
    eraseProfiles(tx: Db, profileIds: readonly string[]): Promise<number> {
      return createNutritionRepository(tx).eraseProfiles(profileIds);
    },
    async list(infoId: string, query: { page: number; size: number }): Promise<NutritionPage> {
      const { rows, total } = await repository.page(infoId, query.page, query.size);
      return { items: rows.map(toRecord), total, page: query.page, size: query.size };
    },

    async get(infoId: string, id: string): Promise<NutritionRecord> {
      const row = await repository.find(infoId, id);
      if (!row) throw AppError.notFound();
      return toRecord(row);
    },

    async create(actor: Actor, infoId: string, body: Body, meta: RequestMeta): Promise<NutritionRecord> {
      const stored = await fields(infoId, body, meta);
      if ((await repository.countCreatedSince(infoId, new Date(meta.now.getTime() - DAY_MS))) >= NUTRITION_PER_DAY)
        throw new AppError(409, 'NUTRITION_LIMIT');
      const row = await deps.db.transaction(async (tx) => {
        const created = await createNutritionRepository(tx).insert(infoId, actor.userId, stored, meta.now);
        await audited(tx, 'nutrition.write', actor, infoId, created.id, meta);
        return created;
      });
      return toRecord(row);
    },

    async update(actor: Actor, infoId: string, id: string, body: Body, meta: RequestMeta): Promise<NutritionRecord> {
      const stored = await fields(infoId, body, meta);
      const row = await deps.db.transaction(async (tx) => {
        const updated = await createNutritionRepository(tx).update(infoId, id, actor.userId, stored, meta.now);
        if (!updated) throw AppError.notFound();
        await audited(tx, 'nutrition.write', actor, infoId, id, meta);
        return updated;
      });
      return toRecord(row);
    },

    async remove(actor: Actor, infoId: string, id: string, meta: RequestMeta): Promise<{ id: string }> {
      await deps.db.transaction(async (tx) => {
        if (!(await createNutritionRepository(tx).remove(infoId, id))) throw AppError.notFound();
        await audited(tx, 'nutrition.delete', actor, infoId, id, meta);
      });
      return { id };
    },
  };
}
export type NutritionService = ReturnType<typeof createNutritionService>;
