import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';
import { attachmentDisposition } from '../exports/exports.service.ts';

/** HTTP only: each entry of `endpoints.recordExports` handed to the record-exports service (issue 53). */
export const recordExportsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { recordExports } }) => {
  const api = endpoints.recordExports;

  route(app, api.create, (request) => recordExports.create(actorOf(request), request.params.profileId, metaOf(request)));
  route(app, api.list, (request) => recordExports.list(request.params.profileId));
  route(app, api.file, async (request, reply) => {
    const { profileId, exportId } = request.params;
    const file = await recordExports.file(actorOf(request), profileId, exportId, metaOf(request));
    return reply
      .type('application/zip')
      .header('content-length', file.bytes)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
};
