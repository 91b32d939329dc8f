import { z } from 'zod/mini';
import {
  ClinicalOrderParamsSchema,
  ClinicalRecordSchema,
  DoctorEditSchema,
  DrugQuerySchema,
  DrugSchema,
  DrugUnitSchema,
  ExaminationBodySchema,
  LicenceBodySchema,
  LicenceSchema,
} from '../clinical.ts';
import { defineEndpoints } from '../endpoint.ts';
import { OrderIdParamsSchema, OrderUserParamsSchema, UserOrderParamsSchema } from '../orders.ts';

/**
 * The doctor's clinical work on an order (issue 17). GET /exam-info-prescription/{orderId} and GET /disease-info/{orderId}
 * of spec §7 are the health records' (endpoints/records.ts); the patient reads the clinical record through `record`.
 */
export const clinicalEndpoints = defineEndpoints('clinical', {
  doctorEdit: {
    method: 'GET',
    path: '/order/get-detail-of-order-for-doctor-edit/:id',
    summary:
      "The doctor's edit screen of an order assigned to them: the order, its examination and prescriptions, whether they may write (a verified doctor with a licence number) and the re-exam date's bounds",
    auth: true,
    access: { audit: 'clinical.read', order: { param: 'id', as: 'doctor' } },
    params: OrderIdParamsSchema,
    response: DoctorEditSchema,
  },
  save: {
    method: 'POST',
    path: '/order/:userId/:orderId',
    summary:
      'The assigned doctor ({userId} is theirs) saves the examination: diagnostic, medical history, re-exam date (after the exam day), advice and, once, a prescription; a saved prescription is never changed (409 PRESCRIPTION_IMMUTABLE): a new one supersedes it (`supersedes`). 403 DOCTOR_NOT_VERIFIED / DOCTOR_LICENCE_REQUIRED',
    auth: true,
    access: { audit: 'clinical.write', owner: 'userId', order: { param: 'orderId', as: 'doctor' } },
    params: UserOrderParamsSchema,
    body: ExaminationBodySchema,
    response: ClinicalRecordSchema,
  },
  record: {
    method: 'GET',
    path: '/order-clinical/:orderId',
    summary: "An order's diagnosis, prescriptions (superseded ones marked), re-exam date and advice: its patient and its doctor",
    auth: true,
    access: { audit: 'clinical.read', order: { param: 'orderId', as: 'party', section: 'prescriptions' } },
    params: ClinicalOrderParamsSchema,
    response: ClinicalRecordSchema,
  },
  drugUnits: {
    method: 'GET',
    path: '/drug-units',
    summary: 'The units a prescription line is counted in (`other` asks for its name)',
    auth: true,
    response: z.array(DrugUnitSchema),
  },
  drugs: {
    method: 'GET',
    path: '/drugs',
    summary: 'Common generic drugs with their strengths whose name matches the typed text (suggestions for a prescription line)',
    auth: true,
    query: DrugQuerySchema,
    response: z.array(DrugSchema),
  },
  licence: {
    method: 'GET',
    path: '/doctor-licence/:userId',
    summary: "The doctor's own practising licence number and whether the clinic verified them",
    auth: true,
    access: { audit: 'licence.change', view: 'read', owner: 'userId' },
    params: OrderUserParamsSchema,
    response: LicenceSchema,
  },
  setLicence: {
    method: 'PUT',
    path: '/doctor-licence/:userId',
    summary: 'A doctor records their practising licence number (needed to write clinical data)',
    auth: true,
    access: { audit: 'licence.change', owner: 'userId' },
    params: OrderUserParamsSchema,
    body: LicenceBodySchema,
    response: LicenceSchema,
  },
});
