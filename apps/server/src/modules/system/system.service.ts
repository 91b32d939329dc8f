import type { Health, SupportContact } from '@rhc/contracts';
import { DEFAULT_CHANGE_CUTOFF_MINUTES } from '@rhc/domain';
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

    /**
     * The patient's change policy (decision 020): the clinic's cut-off (app setting `booking_change_cutoff_minutes`,
     * 0..10080, default `DEFAULT_CHANGE_CUTOFF_MINUTES`) and the phone a patient past it is told to call (the support phone).
     */
    async changePolicy(): Promise<{ cutoffMinutes: number; clinicPhone: string | null }> {
      const [cutoff, contact] = await Promise.all([repository.findChangeCutoffMinutes(), repository.findSupportContact()]);
      return { cutoffMinutes: cutoff ?? DEFAULT_CHANGE_CUTOFF_MINUTES, clinicPhone: contact?.phone ?? null };
    },

    /** Sets the clinic's cut-off (operators; tests). */
    setChangeCutoffMinutes(minutes: number): Promise<void> {
      return repository.saveChangeCutoffMinutes(minutes);
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
