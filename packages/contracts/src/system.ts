import { z } from 'zod/mini';
import { CONTACT_PHONE_VN_PATTERN } from '@rhc/domain';
import { lazySchema } from './lazy-schema.ts';

export const HealthSchema = lazySchema(() =>
  z.object({
    status: z.literal('ok'),
    version: z.string(),
    database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  }),
);
export type Health = z.infer<typeof HealthSchema>;

/** The support contact shown in the footer (spec §1: a support phone and a support e-mail). */
export const SupportContactSchema = lazySchema(() =>
  z.object({
    phone: z.string().check(z.regex(CONTACT_PHONE_VN_PATTERN)),
    email: z.email(),
  }),
);
export type SupportContact = z.infer<typeof SupportContactSchema>;
