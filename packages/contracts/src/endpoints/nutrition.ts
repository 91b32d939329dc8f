import { defineEndpoints } from '../endpoint.ts';
import { InfoIdParamsSchema } from '../monitoring.ts';
import {
  NutritionBodySchema,
  NutritionDeletedSchema,
  NutritionPageSchema,
  NutritionParamsSchema,
  NutritionQuerySchema,
  NutritionRecordSchema,
} from '../nutrition.ts';

/**
 * The nutrition assessment and plan history (spec §2, §3, §8, §9; issue 52). `infoId` is a person, as in health
 * monitoring: my own user id or a profile I manage reads and writes; someone who shares "health info" with me reads
 * (the read lands in their access log). Another person's → 404.
 */
export const nutritionEndpoints = defineEndpoints('nutrition', {
  list: {
    method: 'GET',
    path: '/nutrition/:infoId',
    summary: "A person's nutrition assessments, newest exam first, paged from 0 (10 a page)",
    auth: true,
    access: { audit: 'record.read', view: 'nutrition', profile: { param: 'infoId', section: 'health_info' } },
    params: InfoIdParamsSchema,
    query: NutritionQuerySchema,
    response: NutritionPageSchema,
  },
  get: {
    method: 'GET',
    path: '/nutrition/:infoId/:id',
    summary: 'One nutrition assessment with its six sections and what the server computed',
    auth: true,
    access: { audit: 'record.read', view: 'nutrition', profile: { param: 'infoId', section: 'health_info' } },
    params: NutritionParamsSchema,
    response: NutritionRecordSchema,
  },
  create: {
    method: 'POST',
    path: '/nutrition/:infoId',
    summary: 'Adds a nutrition assessment to my record or a profile I manage; BMI, NRS-2002, GLIM and the conclusion are computed',
    auth: true,
    access: { audit: 'nutrition.write', profile: { param: 'infoId', section: 'manage' } },
    params: InfoIdParamsSchema,
    body: NutritionBodySchema,
    response: NutritionRecordSchema,
    status: 201,
  },
  update: {
    method: 'PUT',
    path: '/nutrition/:infoId/:id',
    summary: 'Changes a nutrition assessment of my record or of a profile I manage; the scores are computed again',
    auth: true,
    access: { audit: 'nutrition.write', profile: { param: 'infoId', section: 'manage' } },
    params: NutritionParamsSchema,
    body: NutritionBodySchema,
    response: NutritionRecordSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/nutrition/:infoId/:id',
    summary: 'Deletes a nutrition assessment of my record or of a profile I manage',
    auth: true,
    access: { audit: 'nutrition.write', profile: { param: 'infoId', section: 'manage' } },
    params: NutritionParamsSchema,
    response: NutritionDeletedSchema,
  },
});
