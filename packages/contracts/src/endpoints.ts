import type { z } from 'zod';
import { HealthSchema, SupportContactSchema } from './system.ts';

type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the API base, in Fastify's `:param` form. */
  path: string;
  summary: string;
  tag: string;
  response: z.ZodType;
};

/** The endpoint table: one entry per public API call. Server routes and the web client both read it. */
export const endpoints = {
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database reachability',
    tag: 'system',
    response: HealthSchema,
  },
  supportContact: {
    method: 'GET',
    path: '/support-contact',
    summary: "The support phone and e-mail shown in every page's footer",
    tag: 'system',
    response: SupportContactSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const API_BASE = '/api';
