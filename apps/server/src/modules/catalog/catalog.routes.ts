import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { ModuleOptions } from '../../services.ts';

/** HTTP only: each entry of `endpoints.catalog` handed to the catalog service in the request's language. */
export const catalogRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { catalog } }) => {
  const api = endpoints.catalog;
  route(app, api.specialties, (request) => catalog.specialties(requestLanguage(request)));
  route(app, api.examTypes, (request) => catalog.examTypes(request.query.mode, requestLanguage(request)));
  route(app, api.doctors, (request) => catalog.doctors(request.query, requestLanguage(request)));
  route(app, api.examTime, () => catalog.requestableHours('exam'));
  route(app, api.imagingTime, () => catalog.requestableHours('imaging'));
  route(app, api.workUnits, (request) => catalog.workUnits(requestLanguage(request)));
};
