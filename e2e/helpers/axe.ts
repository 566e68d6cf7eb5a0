// axe-core through @axe-core/playwright (issue 10): the serious and critical violations of the page as it is now,
// and a failure message a person can act on (rule, impact, what to fix, where).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type Violation = AxeResults['violations'][number];

const BLOCKING = new Set(['serious', 'critical']);
const MAX_TARGETS = 8;

/** The violations with impact serious or critical; `within`: only that part of the page (a dialog's selector). */
export async function seriousViolations(page: Page, within?: string): Promise<Violation[]> {
  // colours as they end, not mid-way: a dialog fading in blends its text with the page behind it (the infinite ones,
  // spinners and skeletons, never end and are left running)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  let builder = new AxeBuilder({ page });
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** One block per rule: id, impact, help and its link, the target selectors, and axe's own summary of the first one. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.map((n) => n.target.map(String).join(' >>> '));
      const shown = targets.slice(0, MAX_TARGETS).join('  |  ');
      const more = targets.length > MAX_TARGETS ? `  (+${targets.length - MAX_TARGETS} more)` : '';
      const summary = (v.nodes[0]?.failureSummary ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(0, 3)
        .join(' ');
      return [
        `  • ${v.id} (${v.impact}) — ${v.help}`,
        `      ${v.helpUrl}`,
        `      ${targets.length} node(s): ${shown}${more}`,
        summary ? `      e.g. ${summary.slice(0, 400)}` : '',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
}

/** A soft check (the test goes on, so one run lists every state's violations): no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, state: string, within?: string): Promise<void> {
  const violations = await seriousViolations(page, within);
  expect.soft(violations.length, `${state}: ${violations.length} serious/critical axe violation(s)\n${describeViolations(violations)}`).toBe(0);
}
