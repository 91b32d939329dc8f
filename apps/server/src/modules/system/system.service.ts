import type { Health, SupportContact } from '@rhc/contracts';
import { DEFAULT_CHANGE_CUTOFF_MINUTES } from '@rhc/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createSystemRepository } from './system.repository.ts';

export interface SystemDeps {
  database: Database;
  version: string;
  clock: () => Date;
}

/**
 * How long an instance answers with the change policy it read (decision 049): a change made through this instance is
 * seen at once, one made through another instance or in the database within this long, by the instance's clock.
 */
export const SETTINGS_MAX_AGE_MS = 5_000;

interface ChangePolicy {
  cutoffMinutes: number;
  clinicPhone: string | null;
}

/** The instance's health and the operator's settings every page shows (the footer's support contact). */
export function createSystemService(deps: SystemDeps) {
  const repository = createSystemRepository(deps.database.db);
  /** The change policy as last read, and when (the clock's milliseconds). */
  let policy: { readAt: number; read: Promise<ChangePolicy> } | undefined;
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
     * Read in one statement, then kept for `SETTINGS_MAX_AGE_MS`: every order answer shows it, and it changes seldom.
     */
    changePolicy(): Promise<ChangePolicy> {
      const now = deps.clock().getTime();
      if (!policy || now < policy.readAt || now - policy.readAt >= SETTINGS_MAX_AGE_MS) {
        const read = repository.findChangePolicySettings().then(({ cutoffMinutes, contact }) => ({
          cutoffMinutes: cutoffMinutes ?? DEFAULT_CHANGE_CUTOFF_MINUTES,
          clinicPhone: contact?.phone ?? null,
        }));
        // Requests arriving while it is read share the read; a failed read is not kept.
        policy = { readAt: now, read };
        read.catch(() => {
          if (policy?.read === read) policy = undefined;
        });
      }
      return policy.read;
    },

    /** Sets the clinic's cut-off (operators; tests); this instance reads the policy again at its next use. */
    async setChangeCutoffMinutes(minutes: number): Promise<void> {
      await repository.saveChangeCutoffMinutes(minutes);
      policy = undefined;
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
