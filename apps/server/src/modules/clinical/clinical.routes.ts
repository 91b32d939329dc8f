import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** HTTP only: each entry of `endpoints.clinical` handed to the clinical service (issue 17); whose order it is, declared. */
export const clinicalRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { clinical } }) => {
  const api = endpoints.clinical;

  route(app, api.doctorEdit, (request) => clinical.doctorEdit(actorOf(request), request.params.id, metaOf(request)));
  route(app, api.save, (request) => clinical.save(actorOf(request), request.params.orderId, request.body, metaOf(request)));
  route(app, api.record, (request) => clinical.record(request.params.orderId));
  route(app, api.drugUnits, async () => clinical.drugUnits());
  route(app, api.drugs, (request) => clinical.drugs(request.query));
  route(app, api.licence, (request) => clinical.licence(actorOf(request)));
  route(app, api.setLicence, (request) => clinical.setLicence(actorOf(request), request.body, metaOf(request)));
};
