import {
  DoctorIdParamsSchema,
  DoctorScheduleMonthSchema,
  DoctorSchedulePageQuerySchema,
  DoctorSchedulePageSchema,
  FreeTimeBodySchema,
  FreeTimeSchema,
  HolidayBodySchema,
  HolidayListSchema,
  HolidaySchema,
  HolidaysQuerySchema,
  IdParamsSchema,
  MonthQuerySchema,
  okEnvelopeSchema,
  ScheduleInMonthBodySchema,
  ScheduleInMonthSchema,
  WorkTimeBodySchema,
  WorkTimeListSchema,
  WorkTimeSchema,
  type WorkMode,
} from '@rhc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, type createAuthenticate } from '../../platform/auth/authenticate.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { Db } from '../../db/client.ts';
import { createSchedulesService } from './schedules.service.ts';

export interface SchedulesRoutesOptions {
  db: Db;
  authenticate: ReturnType<typeof createAuthenticate>;
  clock: () => Date;
}

const tag = 'schedules';
const DeletedSchema = z.object({ id: z.uuid() });

export const schedulesRoutes: FastifyPluginAsyncZod<SchedulesRoutesOptions> = async (app, options) => {
  const { authenticate, clock } = options;
  const schedules = createSchedulesService({ db: options.db });

  /* ---------- Working time (the doctor's own) ---------- */

  const createPaths: [string, WorkMode, string][] = [
    ['/user-time-doctor', 'direct', 'Add an in-person working time (needs a work unit)'],
    ['/user-time-doctor-online', 'online', 'Add an online working time'],
  ];
  for (const [path, mode, summary] of createPaths) {
    app.post(
      path,
      {
        preHandler: authenticate,
        schema: { tags: [tag], summary, body: WorkTimeBodySchema, response: { 201: okEnvelopeSchema(WorkTimeSchema) } },
      },
      async (request, reply) => {
        const workTime = await schedules.saveWorkTime({
          doctorId: actorOf(request).userId,
          target: { mode },
          body: request.body,
          now: clock(),
          language: requestLanguage(request),
        });
        return reply.status(201).send(ok(workTime, 201));
      },
    );
  }

  app.put(
    '/user-time-doctor/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Change one of my working times (its mode stays)',
        params: IdParamsSchema,
        body: WorkTimeBodySchema,
        response: { 200: okEnvelopeSchema(WorkTimeSchema) },
      },
    },
    async (request) =>
      ok(
        await schedules.saveWorkTime({
          doctorId: actorOf(request).userId,
          target: { id: request.params.id },
          body: request.body,
          now: clock(),
          language: requestLanguage(request),
        }),
      ),
  );

  app.delete(
    '/user-time-doctor/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'Remove one of my working times',
        params: IdParamsSchema,
        response: { 200: okEnvelopeSchema(DeletedSchema) },
      },
    },
    async (request) => {
      await schedules.deleteWorkTime(actorOf(request).userId, request.params.id);
      return ok({ id: request.params.id });
    },
  );

  app.get(
    '/user-time-doctor',
    {
      preHandler: authenticate,
      schema: { tags: [tag], summary: 'My working times', response: { 200: okEnvelopeSchema(WorkTimeListSchema) } },
    },
    async (request) => ok(await schedules.listMyWorkTimes(actorOf(request).userId, requestLanguage(request))),
  );

  /* ---------- Days off ---------- */

  app.post(
    '/doctor-holidays',
    {
      preHandler: authenticate,
      schema: { tags: [tag], summary: 'Add days off', body: HolidayBodySchema, response: { 201: okEnvelopeSchema(HolidaySchema) } },
    },
    async (request, reply) => {
      const holiday = await schedules.createHoliday(actorOf(request).userId, request.body, clock());
      return reply.status(201).send(ok(holiday, 201));
    },
  );

  app.delete(
    '/doctor-holidays/:id',
    {
      preHandler: authenticate,
      schema: { tags: [tag], summary: 'Remove my days off', params: IdParamsSchema, response: { 200: okEnvelopeSchema(DeletedSchema) } },
    },
    async (request) => {
      await schedules.deleteHoliday(actorOf(request).userId, request.params.id);
      return ok({ id: request.params.id });
    },
  );

  app.get(
    '/holidays',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: "A doctor's days off (without doctorId: my own)",
        querystring: HolidaysQuerySchema,
        response: { 200: okEnvelopeSchema(HolidayListSchema) },
      },
    },
    async (request) => ok(await schedules.listHolidays(actorOf(request).userId, request.query.doctorId)),
  );

  /* ---------- The doctor's own calendar ---------- */

  app.get(
    '/doctor-schedule/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'My month: working times, days off, occurrences and bookings per day',
        params: IdParamsSchema,
        querystring: MonthQuerySchema,
        response: { 200: okEnvelopeSchema(DoctorScheduleMonthSchema) },
      },
    },
    async (request) =>
      ok(await schedules.doctorScheduleMonth(actorOf(request).userId, request.params.id, request.query, requestLanguage(request))),
  );

  app.get(
    '/doctor-schedule/page/:id',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: "One day's working-time occurrences of mine, paged",
        params: IdParamsSchema,
        querystring: DoctorSchedulePageQuerySchema,
        response: { 200: okEnvelopeSchema(DoctorSchedulePageSchema) },
      },
    },
    async (request) =>
      ok(await schedules.doctorScheduleDay(actorOf(request).userId, request.params.id, request.query, requestLanguage(request))),
  );

  /* ---------- Booking calendar (any logged-in person) ---------- */

  app.post(
    '/schedule-in-month/',
    {
      preHandler: authenticate,
      schema: {
        tags: [tag],
        summary: 'The days of a month a doctor works',
        body: ScheduleInMonthBodySchema,
        response: { 200: okEnvelopeSchema(ScheduleInMonthSchema) },
      },
    },
    async (request) => ok(await schedules.scheduleInMonth(request.body)),
  );

  const freeTimePaths: [string, WorkMode][] = [
    ['/user-freetime-in-month/:doctorId', 'direct'],
    ['/user-freetime-in-month-online/:doctorId', 'online'],
  ];
  for (const [path, mode] of freeTimePaths) {
    app.post(
      path,
      {
        preHandler: authenticate,
        schema: {
          tags: [tag],
          summary: `A doctor's free ${mode === 'online' ? 'online' : 'in-person'} slots in a month`,
          params: DoctorIdParamsSchema,
          body: FreeTimeBodySchema,
          response: { 200: okEnvelopeSchema(FreeTimeSchema) },
        },
      },
      async (request) => ok(await schedules.freeTime({ doctorId: request.params.doctorId, mode, ...request.body, now: clock() })),
    );
  }
};
