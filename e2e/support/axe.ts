import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe (WCAG 2.x A and AA rules) on what the page shows now and fails with each violation's rule, impact and
 * the first offending elements, so the message says what to fix.
 */
export async function assertNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`,
  );
  assert.deepEqual(found, [], `axe found problems on ${what}:\n${found.join('\n')}`);
}
