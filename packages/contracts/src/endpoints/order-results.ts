import { defineEndpoints } from '../endpoint.ts';
import { OrderResultsSchema, ResultConclusionBodySchema } from '../order-results.ts';
import { OrderIdParamSchema } from '../records.ts';

/**
 * The results of lab and imaging orders (issue 51, decision 046): one read per category, since each is read under
 * its own consent section (a lab order's under "test results", an imaging order's under "imaging"), and the staff's
 * two writes, the same for both. The files are the order's files (POST /document/{orderId}); the completion is the
 * shared order call, which asks for results on these categories.
 */
export const orderResultsEndpoints = defineEndpoints('orderResults', {
  labResults: {
    method: 'GET',
    path: '/diagnostictest/results/:orderId',
    summary:
      "A lab order's results: when the sample was taken, the result files (type 1) and the conclusion (its patient, its staff, a watcher with “test results”)",
    auth: true,
    access: { audit: 'record.read', view: 'lab-results', order: { param: 'orderId', as: 'party', section: 'test_results' } },
    params: OrderIdParamSchema,
    response: OrderResultsSchema,
  },
  imagingResults: {
    method: 'GET',
    path: '/imageanalysation/results/:orderId',
    summary:
      "An imaging order's results: when the scan was done, the result files (type 2) and the conclusion (its patient, its staff, a watcher with “imaging”)",
    auth: true,
    access: { audit: 'record.read', view: 'imaging-results', order: { param: 'orderId', as: 'party', section: 'imaging' } },
    params: OrderIdParamSchema,
    response: OrderResultsSchema,
  },
  performed: {
    method: 'PUT',
    path: '/order-results/:orderId/performed',
    summary:
      'The assigned staff mark the sample taken or the scan done (once; a confirmed lab or imaging order, from 30 minutes before its time: 409 ORDER_STATUS_CONFLICT, ORDER_COMPLETE_TOO_EARLY)',
    auth: true,
    access: { audit: 'clinical.write', view: 'performed', order: { param: 'orderId', as: 'doctor' } },
    params: OrderIdParamSchema,
    response: OrderResultsSchema,
  },
  conclusion: {
    method: 'PUT',
    path: '/order-results/:orderId/conclusion',
    summary:
      "The assigned staff write the conclusion of a confirmed lab or imaging order's results (at most 4000 characters; empty clears it), until it is completed",
    auth: true,
    access: { audit: 'clinical.write', view: 'conclusion', order: { param: 'orderId', as: 'doctor' } },
    params: OrderIdParamSchema,
    body: ResultConclusionBodySchema,
    response: OrderResultsSchema,
  },
});
