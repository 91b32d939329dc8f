import { z } from 'zod/mini';
import { CONTACT_PHONE_VN_PATTERN } from '@rhc/domain';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
});
export type Health = z.infer<typeof HealthSchema>;

/** The support contact shown in the footer (spec §1: a support phone and a support e-mail). */
export const SupportContactSchema = z.object({
  phone: z.string().check(z.regex(CONTACT_PHONE_VN_PATTERN)),
  email: z.email(),
});
export type SupportContact = z.infer<typeof SupportContactSchema>;
