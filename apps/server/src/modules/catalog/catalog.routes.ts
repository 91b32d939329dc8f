import {
  DoctorCardSchema,
  DoctorsQuerySchema,
  ExamTimeSchema,
  ExamTypeSchema,
  ExamTypesQuerySchema,
  okEnvelopeSchema,
  SpecialtySchema,
  type DoctorCard,
  type ExamTime,
  type WorkMode,
} from '@rhc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { createAuthenticate } from '../../platform/auth/authenticate.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import { avatarUrl } from '../accounts/accounts.service.ts';
import { clockTime } from '../schedules/schedules.repository.ts';
import { createCatalogRepository, type ExamTimeSlotRow } from './catalog.repository.ts';

export interface CatalogRoutesOptions {
  db: Db;
  authenticate: ReturnType<typeof createAuthenticate>;
}

const tag = 'catalog';

function toExamTime(row: ExamTimeSlotRow): ExamTime {
  return { id: row.id, start: clockTime(row.startMinute), end: clockTime(row.endMinute) };
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, options) => {
  const { authenticate } = options;
  const catalog = createCatalogRepository(options.db);

  app.get(
    '/specialties',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Medical specialties, named in the request language',
        response: { 200: okEnvelopeSchema(z.array(SpecialtySchema)) },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const rows = await catalog.listSpecialties();
      return ok(rows.map((row) => ({ id: row.id, code: row.code, name: row.names[language] })));
    },
  );

  app.get(
    '/exam-types',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Kinds of examination and how long a slot of each lasts',
        querystring: ExamTypesQuerySchema,
        response: { 200: okEnvelopeSchema(z.array(ExamTypeSchema)) },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const rows = await catalog.listExamTypes(request.query.mode);
      return ok(
        rows.map((row) => ({
          id: row.id,
          code: row.code,
          name: row.names[language],
          mode: row.mode as WorkMode,
          slotMinutes: row.slotMinutes,
        })),
      );
    },
  );

  app.get(
    '/doctors',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Verified doctors a patient may book, by specialty and by mode',
        querystring: DoctorsQuerySchema,
        response: { 200: okEnvelopeSchema(z.array(DoctorCardSchema)) },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const doctors = await catalog.listVerifiedDoctors(request.query);
      const links = await catalog.listDoctorSpecialties(doctors.map((doctor) => doctor.id));
      const cards: DoctorCard[] = doctors.map((doctor) => ({
        id: doctor.id,
        fullName: doctor.fullName,
        degree: doctor.degree,
        urlImage: avatarUrl(doctor.id, doctor.avatarKey),
        workPlace: doctor.workPlace,
        specialties: links
          .filter((link) => link.doctorId === doctor.id)
          .map((link) => ({ id: link.specialty.id, name: link.specialty.names[language] })),
      }));
      return ok(cards);
    },
  );

  app.get(
    '/exam-time',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Hours a person may ask for an examination',
        response: { 200: okEnvelopeSchema(z.array(ExamTimeSchema)) },
      },
    },
    async () => ok((await catalog.listExamTimeSlots('exam')).map(toExamTime)),
  );

  app.get(
    '/exam-time/image-analysation',
    {
      preHandler: authenticate,
      schema: { tags: [tag], summary: 'Hours a person may ask for imaging', response: { 200: okEnvelopeSchema(z.array(ExamTimeSchema)) } },
    },
    async () => ok((await catalog.listExamTimeSlots('imaging')).map(toExamTime)),
  );
};
