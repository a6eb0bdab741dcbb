import axe, { type AxeResults, type RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type WithAxe = { axe?: typeof axe };

/**
 * axe.run on the page as it is now (by default, the WCAG 2.1 A and AA rules), as AxeBuilder's
 * "legacy mode" runs it (in one pass in the page: by default the builder runs each frame apart and
 * joins the results in a blank page it opens for every analysis, about 2 s of a browser's CPU each
 * time for the same results; ours are one-frame pages, and the bubble is a shadow root, which axe
 * enters either way), with axe-core put in each frame once: the builder sends its 1.3 MB source and
 * runs it twice for every analysis, a quarter of the a11y tests' time for nothing new (a page keeps
 * it until it navigates).
 */
export async function analyze(page: Page, options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS } }): Promise<AxeResults> {
  for (const frame of page.frames()) {
    // A frame that went or cannot be reached is left out, as the builder leaves it out.
    if (await frame.evaluate(() => 'axe' in window).catch(() => true)) continue;
    await frame.evaluate(axe.source);
    await frame.evaluate(() => (window as WithAxe).axe!.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }));
  }
  return page.evaluate((o) => (window as WithAxe).axe!.run({ include: [], exclude: [] }, o), options);
}

/** Each violation in a line: the rule, its impact and the elements it found (none: an empty list). */
export function violationSummary(results: AxeResults): string[] {
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The WCAG 2.1 A and AA violations on what the page shows now, one line each (see violationSummary). */
export async function axeViolations(page: Page): Promise<string[]> {
  return violationSummary(await analyze(page));
}
