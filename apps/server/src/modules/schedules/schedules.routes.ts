import { endpoints, type WorkMode } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { ModuleOptions } from '../../services.ts';

export const schedulesRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { schedules }, clock }) => {
  const api = endpoints.schedules;

  /* ---------- working time (the doctor's own) ---------- */

  const creations: [typeof api.createDirectWorkTime | typeof api.createOnlineWorkTime, WorkMode][] = [
    [api.createDirectWorkTime, 'direct'],
    [api.createOnlineWorkTime, 'online'],
  ];
  for (const [endpoint, mode] of creations) {
    route(app, endpoint, (request) =>
      schedules.saveWorkTime({
        doctorId: actorOf(request).userId,
        target: { mode },
        body: request.body,
        now: clock(),
        language: requestLanguage(request),
      }),
    );
  }

  route(app, api.updateWorkTime, (request) =>
    schedules.saveWorkTime({
      doctorId: actorOf(request).userId,
      target: { id: request.params.id },
      body: request.body,
      now: clock(),
      language: requestLanguage(request),
    }),
  );

  route(app, api.deleteWorkTime, async (request) => {
    await schedules.deleteWorkTime(actorOf(request).userId, request.params.id, request.query.confirm, clock());
    return { id: request.params.id };
  });

  route(app, api.workTimes, (request) => schedules.listMyWorkTimes(actorOf(request).userId, requestLanguage(request)));

  /* ---------- days off ---------- */

  route(app, api.createHoliday, (request) => schedules.createHoliday(actorOf(request).userId, request.body, clock()));

  route(app, api.deleteHoliday, async (request) => {
    await schedules.deleteHoliday(actorOf(request).userId, request.params.id);
    return { id: request.params.id };
  });

  route(app, api.holidays, (request) => schedules.listHolidays(actorOf(request).userId, request.query.doctorId));

  /* ---------- the doctor's own calendar ---------- */

  route(app, api.month, (request) => schedules.doctorScheduleMonth(request.params.id, request.query, requestLanguage(request)));

  route(app, api.day, (request) => schedules.doctorScheduleDay(request.params.id, request.query, requestLanguage(request)));

  /* ---------- booking calendar (any signed-in person) ---------- */

  route(app, api.scheduleInMonth, (request) => schedules.scheduleInMonth(request.body));

  const freeTimes: [typeof api.directFreeTime | typeof api.onlineFreeTime, WorkMode][] = [
    [api.directFreeTime, 'direct'],
    [api.onlineFreeTime, 'online'],
  ];
  for (const [endpoint, mode] of freeTimes) {
    route(app, endpoint, (request) =>
      schedules.freeTime({ doctorId: request.params.doctorId, mode, ...request.body, now: clock(), language: requestLanguage(request) }),
    );
  }
};
