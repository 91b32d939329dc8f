import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { ModuleOptions } from '../../services.ts';
import type { ClinicalRequestMeta } from './clinical.service.ts';

/** HTTP only: each entry of `endpoints.clinical` handed to the clinical service (issue 17). */
export const clinicalRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { clinical }, clock }) => {
  const api = endpoints.clinical;
  const meta = (request: FastifyRequest): ClinicalRequestMeta => ({ ip: request.ip, now: clock(), language: requestLanguage(request) });

  route(app, api.doctorEdit, (request) => clinical.doctorEdit(actorOf(request), request.params.id, meta(request)));
  route(app, api.save, (request) =>
    clinical.save(actorOf(request), request.params.userId, request.params.orderId, request.body, meta(request)),
  );
  route(app, api.record, (request) => clinical.record(actorOf(request), request.params.orderId, meta(request)));
  route(app, api.drugUnits, async () => clinical.drugUnits());
  route(app, api.drugs, (request) => clinical.drugs(request.query));
  route(app, api.licence, (request) => clinical.licence(actorOf(request), request.params.userId, meta(request)));
  route(app, api.setLicence, (request) => clinical.setLicence(actorOf(request), request.params.userId, request.body, meta(request)));
};
