// Lighthouse (mobile preset, performance and accessibility) on the pages of issue 9 and /popular-exchanges (issue 27): median of 3 runs per page of the
// performance score, the accessibility score (issue 10), LCP, TBT and CLS, each against its target. Debian's Chromium
// through chrome-launcher, flags as in e2e/harness/chromium.ts (TOOLCHAIN.md: scores move ±3 between runs on these
// shared cores, hence the median).
import { launch } from 'chrome-launcher';
import lighthouse, { defaultConfig } from 'lighthouse';
import { CHROMIUM_ARGS, chromiumExecutable } from 'e2e/harness/chromium';

const LIGHTHOUSE_PAGES = ['/', '/exchange-btc-eth', '/order/pending', '/blog', '/ru', '/popular-exchanges'];

/** The metrics the performance score is the weighted mean of (every other performance audit weighs 0). */
const SCORED_AUDITS = ['first-contentful-paint', 'speed-index', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];

/** Every audit of the accessibility category (axe-core rules, gathered once per run; the manual ones weigh 0). */
const ACCESSIBILITY_AUDITS = (defaultConfig.categories?.accessibility?.auditRefs ?? []).map((ref) => ref.id);

export const TARGETS = { score: 95, a11y: 95, lcpMs: 1800, tbtMs: 150, cls: 0.05 };

interface Sample {
  score: number;
  /** the accessibility score, 0–100 */
  a11y: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface PageScores {
  path: string;
  runs: Sample[];
  median: Sample;
  errors: string[];
  /** the weighted accessibility audits that failed in at least one run: id → title */
  failedA11yAudits: Record<string, string>;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** One Chromium per page (its runs reuse it; Lighthouse resets storage and cache before each navigation). */
export async function measureLighthouse(opts: { webUrl: string; pages?: string[]; runs?: number }): Promise<PageScores[]> {
  const runs = opts.runs ?? 3;
  const flags = ['--headless=new', ...CHROMIUM_ARGS.filter((f) => f !== '--headless')];
  const out: PageScores[] = [];
  for (const p of opts.pages ?? LIGHTHOUSE_PAGES) {
    const url = `${opts.webUrl}${p}`;
    const samples: Sample[] = [];
    const errors: string[] = [];
    const failedA11yAudits: Record<string, string> = {};
    const t0 = Date.now();
    const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? chromiumExecutable(), chromeFlags: flags, logLevel: 'silent' });
    try {
      for (let i = 0; i < runs; i++) {
        try {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'silent',
            // No onlyCategories: Lighthouse runs every audit of a listed category on top of onlyAudits. The five
            // weighted metrics are the whole performance score (skipping the diagnostics' gatherers saves ~40 % per
            // run); the accessibility audits all read one artifact (axe-core run once in the page).
            onlyAudits: [...SCORED_AUDITS, ...ACCESSIBILITY_AUDITS],
            disableFullPageScreenshot: true,
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error('no result');
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          const category = (id: string) => (lhr.categories[id]?.score ?? Number.NaN) * 100;
          for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failedA11yAudits[ref.id] = audit.title;
          }
          samples.push({
            score: category('performance'),
            a11y: category('accessibility'),
            lcpMs: num('largest-contentful-paint'),
            tbtMs: num('total-blocking-time'),
            cls: num('cumulative-layout-shift'),
          });
        } catch (err) {
          errors.push(`run ${i + 1}: ${(err as Error).message}`);
        }
      }
    } finally {
      chrome.kill();
    }
    const med = (k: keyof Sample) => median(samples.map((s) => s[k]));
    out.push({
      path: p,
      runs: samples,
      errors,
      failedA11yAudits,
      median: { score: med('score'), a11y: med('a11y'), lcpMs: med('lcpMs'), tbtMs: med('tbtMs'), cls: med('cls') },
    });
    console.log(`  ${p}: ${samples.length}/${runs} runs in ${((Date.now() - t0) / 1000).toFixed(0)} s${errors.length ? ` (${errors.join('; ')})` : ''}`);
  }
  return out;
}

/** "✓ 97 (+2)" / "✗ 2.9 s (+1.1 s over)": value, whether it meets its target and by how much. */
function verdict(value: number, target: number, higherIsBetter: boolean, fmt: (v: number) => string): string {
  if (Number.isNaN(value)) return '— (no run)';
  const ok = higherIsBetter ? value >= target : value <= target;
  const diff = Math.abs(value - target);
  const by = ok ? `${fmt(diff)} to spare` : `${fmt(diff)} ${higherIsBetter ? 'short' : 'over'}`;
  return `${ok ? '✓' : '✗'} ${fmt(value)} (${by})`;
}

export function printLighthouse(pages: PageScores[]): void {
  const score = (v: number) => v.toFixed(0);
  const sec = (v: number) => `${(v / 1000).toFixed(2)} s`;
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const cls = (v: number) => v.toFixed(3);
  const cols = [
    ['page', 18],
    [`score ≥ ${TARGETS.score}`, 20],
    [`a11y ≥ ${TARGETS.a11y}`, 20],
    [`LCP ≤ ${TARGETS.lcpMs / 1000} s`, 28],
    [`TBT ≤ ${TARGETS.tbtMs} ms`, 28],
    [`CLS ≤ ${TARGETS.cls}`, 24],
  ] as const;
  console.log(`\n  median of ${pages[0]?.runs.length ?? 0} runs, mobile preset (simulated slow 4G, 4× CPU slowdown)`);
  console.log(`  | ${cols.map(([h, w]) => h.padEnd(w)).join(' | ')} |`);
  console.log(`  |${cols.map(([, w]) => '-'.repeat(w + 2)).join('|')}|`);
  let pass = 0;
  for (const p of pages) {
    const m = p.median;
    const cells = [
      p.path,
      verdict(m.score, TARGETS.score, true, score),
      verdict(m.a11y, TARGETS.a11y, true, score),
      verdict(m.lcpMs, TARGETS.lcpMs, false, sec),
      verdict(m.tbtMs, TARGETS.tbtMs, false, ms),
      verdict(m.cls, TARGETS.cls, false, cls),
    ];
    if (m.score >= TARGETS.score && m.a11y >= TARGETS.a11y && m.lcpMs <= TARGETS.lcpMs && m.tbtMs <= TARGETS.tbtMs && m.cls <= TARGETS.cls) pass += 1;
    console.log(`  | ${cells.map((c, i) => c.padEnd(cols[i][1])).join(' | ')} |`);
  }
  console.log('\n  runs (score · a11y · LCP · TBT · CLS):');
  for (const p of pages) {
    const r = p.runs.map((s) => `${score(s.score)} · ${score(s.a11y)} · ${sec(s.lcpMs)} · ${ms(s.tbtMs)} · ${cls(s.cls)}`).join('   ');
    console.log(`    ${p.path.padEnd(18)} ${r}${p.errors.length ? `   errors: ${p.errors.join('; ')}` : ''}`);
  }
  const failing = pages.filter((p) => Object.keys(p.failedA11yAudits).length > 0);
  if (failing.length > 0) {
    console.log('\n  accessibility audits failed (weighted, in any run):');
    for (const p of failing) {
      console.log(
        `    ${p.path.padEnd(18)} ${Object.entries(p.failedA11yAudits)
          .map(([id, title]) => `${id} (${title})`)
          .join('; ')}`,
      );
    }
  }
  console.log(`\n  Lighthouse: ${pass}/${pages.length} pages meet every target`);
}
