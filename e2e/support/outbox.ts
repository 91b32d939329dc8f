import type { APIRequestContext } from '@playwright/test';
import { noteSecret } from './secrets.ts';
import { expect } from './test.ts';

/** A message the development outbox holds (GET /api/dev/outbox). */
export type OutboxMessage = { channel: string; to: string; subject: string | null; text: string };

/** The messages the outbox holds for `to` (a phone or an e-mail address), newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  return (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data as OutboxMessage[];
}

/** The 6-digit code of the message that reaches `to` after the `before` messages it held, noted as a secret. */
export async function codeAfter(request: APIRequestContext, to: string, before: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await outbox(request, to);
      code = messages.length > before ? messages[0]?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  noteSecret(code as string);
  return code as string;
}
