import type { Health, SupportContact } from '@rhc/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createSystemRepository } from './system.repository.ts';

export interface SystemDeps {
  database: Database;
  version: string;
}

/** The instance's health and the operator's settings every page shows (the footer's support contact). */
export function createSystemService(deps: SystemDeps) {
  const repository = createSystemRepository(deps.database.db);
  return {
    /** A load balancer takes an instance out of rotation on 503 when its database does not answer. */
    async health(): Promise<Health> {
      if (!(await deps.database.ping())) throw new AppError(503, 'SERVICE_UNAVAILABLE');
      return { status: 'ok', version: deps.version, database: { ok: true, driver: deps.database.driver } };
    },

    async supportContact(): Promise<SupportContact> {
      const contact = await repository.findSupportContact();
      if (!contact) throw AppError.notFound();
      return contact;
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
