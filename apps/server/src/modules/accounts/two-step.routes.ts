import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';
import { sessionCookies } from './session-cookies.ts';

/** Optional two-step login (decision 054): switching it on and off, recovery codes, and a login's second step. */
export const twoStepRoutes: FastifyPluginAsync<ModuleOptions> = async (app, options) => {
  const { accounts, twoStep } = options.services;
  const api = endpoints.twoStep;
  const cookies = sessionCookies(options);

  route(app, api.state, (request) => twoStep.state(actorOf(request), metaOf(request).now));
  route(app, api.enable, (request) => twoStep.enable(actorOf(request), metaOf(request)));
  route(app, api.disable, async (request) => {
    await twoStep.disable(actorOf(request), metaOf(request));
    return null;
  });
  route(app, api.newRecoveryCodes, (request) => twoStep.newRecoveryCodes(actorOf(request), metaOf(request)));

  route(app, api.sendLoginCode, (request) => twoStep.sendLoginCode(request.body.ticket, request.body.channel, metaOf(request)));
  route(app, api.secondStep, async (request, reply) => {
    const { result, tokens, device } = await accounts.secondStep(request.body, metaOf(request));
    cookies.set(reply, tokens);
    if (device) cookies.trustDevice(reply, device);
    return result;
  });
};
