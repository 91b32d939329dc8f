import type { APIRequestContext } from '@playwright/test';

/** A message the development outbox holds (GET /api/dev/outbox). */
export type OutboxMessage = { channel: string; to: string; subject: string | null; text: string };

/** The messages the outbox holds for `to` (a phone or an e-mail address), newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  return (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data as OutboxMessage[];
}
