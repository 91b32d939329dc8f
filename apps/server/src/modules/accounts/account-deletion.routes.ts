import { endpoints } from '@rhc/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/authenticate.ts';
import { metaOf } from '../../platform/http/request-meta.ts';
import { route } from '../../platform/http/route.ts';
import { periodicTask, type ClockedTaskDeps, type PeriodicTask } from '../../platform/jobs/periodic-task.ts';
import type { ModuleOptions } from '../../services.ts';

/**
 * Deleting one's account (issue 53, decision 052). The request is the place a step-up code confirmation goes
 * (`stepUp: true` on its entry) once that verification exists; nothing here changes with it.
 */
export const accountDeletionRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { services: { accountDeletion } }) => {
  const api = endpoints.accountDeletion;
  route(app, api.state, (request) => accountDeletion.state(actorOf(request)));
  route(app, api.request, (request) => accountDeletion.request(actorOf(request), request.body, metaOf(request)));
  route(app, api.cancel, (request) => accountDeletion.cancel(actorOf(request), metaOf(request)));
};

/** Erasures are due by the day: the sweep looks every hour, claimed once across instances (FOR UPDATE SKIP LOCKED). */
const ERASURE_SWEEP_MS = 60 * 60 * 1000;

/** The periodic erasure of accounts whose grace period is over (decision 052); logs counts only. */
export function createErasureSweep(deps: ClockedTaskDeps & { erase(now: Date): Promise<number> }): PeriodicTask {
  return periodicTask({
    run: () => deps.erase(deps.clock()),
    everyMs: deps.everyMs ?? ERASURE_SWEEP_MS,
    log: deps.log,
    failure: 'account erasure sweep failed',
  });
}
