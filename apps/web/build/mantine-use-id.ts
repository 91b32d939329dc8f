import type { Plugin } from 'vite';

/** The module of @mantine/hooks whose `useId` every Mantine component with an id uses (inputs, selects, tabs, dialogs, popovers). */
export const MANTINE_USE_ID = /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What that module does that this plugin replaces: it swaps React's id for a random one in a layout effect. */
const RANDOM_ID_SWAP = 'setUuid(randomId())';

/**
 * The same hook, without the swap: the id given, or one made of React's `useId` (unique in the root, the same on
 * every render), as Mantine's own first render already returns.
 */
export const STABLE_USE_ID = `import { useId as useReactId } from "react";
function useId(staticId) {
  const reactId = useReactId();
  if (typeof staticId === "string") return staticId;
  return \`mantine-\${reactId.replace(/[^A-Za-z0-9_-]/g, "")}\`;
}
export { useId };
`;

/**
 * Mantine's `useId` (issue 13, decision 035) returns React's id on a component's first render, then sets a random
 * one in a layout effect: one more render of every input, select, tab list, dialog and popover a page draws, and,
 * because it is an update made while React commits, a synchronous one, which makes React also run all the page's
 * effects in that same task. On the readings page that was 25 of the 49 such updates of the commit that shows the page.
 * This build serves the hook as its first render had it. A Mantine whose module no longer swaps ids fails the build,
 * so the replacement is looked at again rather than kept blindly.
 */
export function stableMantineIds(): Plugin {
  return {
    name: 'rhc:stable-mantine-ids',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      if (!code.includes(RANDOM_ID_SWAP))
        throw new Error(`stable Mantine ids: ${id} no longer holds ${RANDOM_ID_SWAP}; see decision 035 before upgrading`);
      return { code: STABLE_USE_ID, map: null };
    },
  };
}
