import { defineEndpoints } from '../endpoint.ts';
import { HealthSchema, SupportContactSchema } from '../system.ts';

export const systemEndpoints = defineEndpoints('system', {
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database reachability (503 when the database does not answer)',
    auth: false,
    response: HealthSchema,
  },
  supportContact: {
    method: 'GET',
    path: '/support-contact',
    summary: "The support phone and e-mail shown in every page's footer",
    auth: false,
    response: SupportContactSchema,
  },
});
