import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The success criteria the product promises: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export interface AxeViolation {
  /** axe's rule id, e.g. `color-contrast`. */
  rule: string;
  impact: string;
  /** What the rule asks for, in axe's words. */
  summary: string;
  /** One CSS selector path per failing element (a frame's selectors joined by ` >> `). */
  targets: string[];
}

export interface AxeOptions {
  /**
   * Whether axe also enters the document's frames. Off by default: frames of another origin (the live
   * preview pane, the published quiz) cannot be reached from the page and are checked as their own target.
   */
  iframes?: boolean;
  /** Selectors of parts left out, each with a reason at the call site. */
  exclude?: string[];
}

/**
 * axe-core's WCAG 2.x A and AA rules on a page or frame as it is now. An empty array means no violation;
 * otherwise each entry names the rule, what it asks and where it fails, readable in a test's diff.
 */
export async function axeViolations(target: Page | Frame, options: AxeOptions = {}): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol, so the page's Content-Security-Policy does not apply to it; once
  // per document (a single-page app's own navigations keep it).
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(axeSource);
  return target.evaluate(
    async ({ tags, iframes, exclude }) => {
      interface AxeResults {
        violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
      }
      const axe = (
        window as unknown as {
          axe: { run: (context: object, options: object) => Promise<AxeResults> };
        }
      ).axe;
      const context = exclude.length > 0 ? { exclude } : document;
      const results = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        iframes,
        // Only violations are read: leaving out the passes' details makes a run several times faster.
        resultTypes: ['violations'],
      });
      return results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        summary: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' >> ')),
      }));
    },
    { tags: [...WCAG_AA_TAGS], iframes: options.iframes ?? false, exclude: options.exclude ?? [] },
  );
}
