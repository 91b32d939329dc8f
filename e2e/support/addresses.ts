import type { BrowserContext } from '@playwright/test';

let contexts = 0;

/**
 * Where a browser context's requests come from: an address of the IPv6 documentation prefix (RFC 3849, never routed),
 * one per context, sent as X-Forwarded-For to the server under test (it trusts its proxy, as behind a load balancer).
 *
 * Every journey's browser runs on this machine, so without it every on-screen code send (sign-up, reset, step-up,
 * the second step of a log-in) comes from 127.0.0.1 and shares one hourly cap (OTP_SENDS_PER_IP_PER_HOUR): the run's
 * later journeys were refused their codes. A context is one person's browser, and people are not one machine.
 */
export function nextBrowserAddress(workerIndex: number): string {
  contexts += 1;
  return `2001:db8:${(workerIndex + 1).toString(16)}::${contexts.toString(16)}`;
}

/** Gives `context` an address of its own for the rest of its life (every page and its API calls). */
export async function giveOwnAddress(context: BrowserContext, workerIndex: number): Promise<void> {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextBrowserAddress(workerIndex) });
}
