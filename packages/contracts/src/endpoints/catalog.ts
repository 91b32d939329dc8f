import { z } from 'zod/mini';
import { WorkUnitListSchema } from '../accounts.ts';
import { defineEndpoints } from '../endpoint.ts';
import {
  DoctorCardSchema,
  DoctorsQuerySchema,
  ExamTimeSchema,
  ExamTypeSchema,
  ExamTypesQuerySchema,
  SpecialtySchema,
} from '../schedules.ts';

export const catalogEndpoints = defineEndpoints('catalog', {
  specialties: {
    method: 'GET',
    path: '/specialties',
    summary: 'Medical specialties, named in the request language',
    auth: true,
    response: z.array(SpecialtySchema),
  },
  examTypes: {
    method: 'GET',
    path: '/exam-types',
    summary: 'Kinds of examination and how long a slot of each lasts',
    auth: true,
    query: ExamTypesQuerySchema,
    response: z.array(ExamTypeSchema),
  },
  doctors: {
    method: 'GET',
    path: '/doctors',
    summary: 'Verified doctors a patient may book, by specialty and by mode',
    auth: true,
    query: DoctorsQuerySchema,
    response: z.array(DoctorCardSchema),
  },
  examTime: {
    method: 'GET',
    path: '/exam-time',
    summary: 'Hours a person may ask for an examination',
    auth: true,
    response: z.array(ExamTimeSchema),
  },
  workUnits: {
    method: 'GET',
    path: '/workunit',
    summary: 'Hospitals and clinics a doctor can work at (the sign-up form reads it without a session)',
    auth: false,
    response: WorkUnitListSchema,
  },
  imagingTime: {
    method: 'GET',
    path: '/exam-time/image-analysation',
    summary: 'Hours a person may ask for imaging',
    auth: true,
    response: z.array(ExamTimeSchema),
  },
});
