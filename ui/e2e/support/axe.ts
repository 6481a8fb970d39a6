import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation as a line a failing test can print: rule, impact, and the first offending nodes. */
export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  nodes: string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) over the page as it is now, injected into the page
 * itself, and answers what it found: an accessible page answers [].
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the debugging protocol, which the page's CSP does not govern (a script tag
  // would be refused, rightly, as inline code).
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
}
