import { defineEndpoints } from '../endpoint.ts';
import {
  AnalysisQuerySchema,
  AnalysisSchema,
  InfoIdParamsSchema,
  MeasurementBodySchema,
  MeasurementDeletedSchema,
  MeasurementPageSchema,
  MeasurementParamsSchema,
  MeasurementSchema,
  MeasurementsQuerySchema,
} from '../monitoring.ts';

/**
 * Health monitoring (spec §2 `/health-monitoring/`, §3, §7; issue 16, decision 023). `infoId` is a person: my own user
 * id, a profile I manage, or someone who shares "health info" with me (read only). Another person's → 404.
 */
export const monitoringEndpoints = defineEndpoints('monitoring', {
  list: {
    method: 'GET',
    path: '/health-measurement/:infoId',
    summary: "A person's readings, newest first, paged; from/to are days (YYYY-MM-DD) in Asia/Ho_Chi_Minh",
    auth: true,
    access: { audit: 'record.read', profile: { param: 'infoId', section: 'health_info' } },
    params: InfoIdParamsSchema,
    query: MeasurementsQuerySchema,
    response: MeasurementPageSchema,
  },
  analysis: {
    method: 'GET',
    path: '/health-measurement/:infoId/analysis',
    summary:
      'Per measure over from..to (at most 365 days): count, min/avg/max, readings per band, and the chart points (at most 2,000, the newest)',
    auth: true,
    access: { audit: 'record.read', view: 'analysis', profile: { param: 'infoId', section: 'health_info' } },
    params: InfoIdParamsSchema,
    query: AnalysisQuerySchema,
    response: AnalysisSchema,
  },
  create: {
    method: 'POST',
    path: '/health-measurement/:infoId',
    summary: 'Adds a reading to my own record or to a profile I manage (BMI computed from height and weight)',
    auth: true,
    access: { audit: 'measurement.write', profile: { param: 'infoId', section: 'manage' } },
    params: InfoIdParamsSchema,
    body: MeasurementBodySchema,
    response: MeasurementSchema,
    status: 201,
  },
  update: {
    method: 'PUT',
    path: '/health-measurement/:infoId/:id',
    summary: 'Changes a reading of my own record or of a profile I manage',
    auth: true,
    access: { audit: 'measurement.write', profile: { param: 'infoId', section: 'manage' } },
    params: MeasurementParamsSchema,
    body: MeasurementBodySchema,
    response: MeasurementSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/health-measurement/:infoId/:id',
    summary: 'Deletes a reading of my own record or of a profile I manage',
    auth: true,
    access: { audit: 'measurement.write', profile: { param: 'infoId', section: 'manage' } },
    params: MeasurementParamsSchema,
    response: MeasurementDeletedSchema,
  },
});
