import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { route } from '../../platform/http/route.ts';
import { requestLanguage } from '../../platform/i18n/request-language.ts';
import type { ModuleOptions } from '../../services.ts';
import type { RelativesRequestMeta } from './relatives.service.ts';

/** HTTP only: the profiles, person, group, privilege and access-log entries of `endpoints.relatives`. */
export const relativesRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { relatives, profileLinks }, clock }) => {
  const api = endpoints.relatives;
  const meta = (request: FastifyRequest): RelativesRequestMeta => ({ ip: request.ip, now: clock(), language: requestLanguage(request) });

  /* ---------- profiles I manage, a person ---------- */

  route(app, api.profiles, (request) => relatives.profiles(actorOf(request), request.params.userId, meta(request)));
  route(app, api.createProfile, (request) => relatives.createProfile(actorOf(request), request.params.userId, request.body, meta(request)));
  route(app, api.person, (request) => relatives.person(actorOf(request), request.params.id, meta(request)));
  route(app, api.updateProfile, (request) => relatives.updateProfile(actorOf(request), request.params.id, request.body, meta(request)));
  route(app, api.keepPatient, (request) => relatives.keepPatient(actorOf(request), request.params.orderId, meta(request)));
  route(app, api.deleteProfile, (request) => relatives.deleteProfile(actorOf(request), request.params.id, meta(request)));

  /* ---------- a profile kept for me, linked to my account (decision 025) ---------- */

  route(app, api.claimableProfiles, (request) => profileLinks.claimable(actorOf(request), request.params.userId, meta(request)));
  route(app, api.sendClaimCode, (request) => profileLinks.sendCode(actorOf(request), request.params.id, meta(request)));
  route(app, api.claimProfile, (request) => profileLinks.claim(actorOf(request), request.params.id, request.body, meta(request)));

  /* ---------- groups of followed people ---------- */

  route(app, api.groupTypes, async () => relatives.groupTypes());
  route(app, api.groups, (request) => relatives.groups(actorOf(request), request.params.userId));
  route(app, api.createGroup, (request) => relatives.createGroup(actorOf(request), request.params.userId, request.body, meta(request)));
  route(app, api.updateGroup, (request) => relatives.updateGroup(actorOf(request), request.params.id, request.body, meta(request)));
  route(app, api.deleteGroup, async (request) => {
    await relatives.deleteGroup(actorOf(request), request.params.id, meta(request));
    return null;
  });
  route(app, api.addGroupMember, (request) =>
    relatives.addGroupMember(actorOf(request), request.params.id, request.params.personId, meta(request)),
  );
  route(app, api.removeGroupMember, (request) =>
    relatives.removeGroupMember(actorOf(request), request.params.id, request.params.personId, meta(request)),
  );

  /* ---------- privileges, the vaccination people, the access log ---------- */

  route(app, api.privileges, (request) => relatives.privileges(actorOf(request), request.params.infoId, request.params.userId));
  route(app, api.vaccinePeople, (request) => relatives.vaccinePeople(actorOf(request), meta(request)));
  route(app, api.accessLog, (request) => relatives.accessLog(actorOf(request), request.params.id, request.query));
};
