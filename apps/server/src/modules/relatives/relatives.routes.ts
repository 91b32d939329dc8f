import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route, standingOf } from '../../platform/http/route.ts';
import type { ModuleOptions } from '../../services.ts';

/** HTTP only: the profiles, person, group, privilege and access-log entries of `endpoints.relatives`. */
export const relativesRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { relatives, profileLinks } }) => {
  const api = endpoints.relatives;

  /* ---------- profiles I manage, a person ---------- */

  route(app, api.profiles, (request) => relatives.profiles(actorOf(request), metaOf(request)));
  route(app, api.createProfile, (request) => relatives.createProfile(actorOf(request), request.body, metaOf(request)));
  route(app, api.person, (request) => relatives.person(actorOf(request), request.params.id, standingOf(request), metaOf(request)));
  route(app, api.updateProfile, (request) => relatives.updateProfile(actorOf(request), request.params.id, request.body, metaOf(request)));
  route(app, api.keepPatient, (request) => relatives.keepPatient(actorOf(request), request.params.orderId, metaOf(request)));
  route(app, api.deleteProfile, (request) => relatives.deleteProfile(actorOf(request), request.params.id, metaOf(request)));

  /* ---------- a profile kept for me, linked to my account (decision 025) ---------- */

  route(app, api.claimableProfiles, (request) => profileLinks.claimable(actorOf(request), metaOf(request)));
  route(app, api.sendClaimCode, (request) => profileLinks.sendCode(actorOf(request), request.params.id, metaOf(request)));
  route(app, api.claimProfile, (request) => profileLinks.claim(actorOf(request), request.params.id, request.body, metaOf(request)));

  /* ---------- groups of followed people ---------- */

  route(app, api.groupTypes, async () => relatives.groupTypes());
  route(app, api.groups, (request) => relatives.groups(actorOf(request)));
  route(app, api.createGroup, (request) => relatives.createGroup(actorOf(request), request.body, metaOf(request)));
  route(app, api.updateGroup, (request) => relatives.updateGroup(actorOf(request), request.params.id, request.body, metaOf(request)));
  route(app, api.deleteGroup, async (request) => {
    await relatives.deleteGroup(actorOf(request), request.params.id, metaOf(request));
    return null;
  });
  route(app, api.addGroupMember, (request) =>
    relatives.addGroupMember(actorOf(request), request.params.id, request.params.personId, metaOf(request)),
  );
  route(app, api.removeGroupMember, (request) =>
    relatives.removeGroupMember(actorOf(request), request.params.id, request.params.personId, metaOf(request)),
  );

  /* ---------- privileges, the vaccination people, the access log ---------- */

  route(app, api.privileges, (request) => Promise.resolve(relatives.privileges(standingOf(request))));
  route(app, api.vaccinePeople, (request) => relatives.vaccinePeople(actorOf(request), metaOf(request)));
  route(app, api.accessLog, (request) => relatives.accessLog(request.params.id, request.query));
};
