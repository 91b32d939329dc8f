import type { Location } from 'react-router';

/** What the way to /login/ carries in the history state: the page the person asked for first. */
export type LoginRedirectState = { from: string };

export function loginRedirectState(location: Pick<Location, 'pathname' | 'search' | 'hash'>): LoginRedirectState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Where to go after logging in: back to the page first asked for (an app path only), else home. */
export function returnPathOf(state: unknown, fallback: string): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const from = state.from;
  // Only a path of this app, never another origin ("//evil.example" or "https://…").
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}
