import axe from 'axe-core';
import { expect } from 'vitest';

/** WCAG 2.2 A and AA as axe-core tags them: the rules e2e/support/a11y.ts runs in the browser. */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core over what is rendered (jsdom: no layout, so contrast and sizes are left to the Playwright journeys)
 * and fails on any serious or critical violation, naming the rule and the elements.
 */
export async function expectNoSeriousAxeViolations(root: Element = document.body): Promise<void> {
  const results = await axe.run(root, { runOnly: { type: 'tag', values: A11Y_TAGS }, resultTypes: ['violations'] });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}
