import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';
import { attachmentDisposition, type ExportFile } from './exports.service.ts';

function sendFile(request: FastifyRequest, reply: FastifyReply, file: ExportFile) {
  request.log.info({ contentType: file.contentType, bytes: file.bytes.byteLength, renderMs: file.renderMs }, 'order export rendered');
  return reply
    .type(file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** HTTP only: each entry of `endpoints.orderExport` handed to the exports service (issue 17). */
export const exportsRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { exports } }) => {
  const api = endpoints.orderExport;

  route(app, api.file, async (request, reply) =>
    sendFile(request, reply, await exports.file(actorOf(request), request.params.orderId, request.query, metaOf(request))),
  );
  route(app, api.convert, async (request, reply) => {
    const { orderId, ...asked } = request.body;
    return sendFile(request, reply, await exports.file(actorOf(request), orderId, asked, metaOf(request)));
  });
  route(app, api.sentMail, (request) => exports.sendMail(actorOf(request), request.body, metaOf(request)));
};
