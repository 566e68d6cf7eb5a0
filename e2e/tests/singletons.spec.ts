// (e) DESIGN.md MF rule 3: react, react-dom and mobx are shared singletons. After the home page and
// client-side navigation into two other remotes, the page holds exactly one copy of each. Independent
// witnesses, each of which fails if a remote brings its own copy:
//   1. React DevTools hook: every react-dom renderer registers itself with hook.inject() when it loads.
//   2. MobX counts its own instances in globalThis.__mobxInstanceCount.
//   3. The JavaScript the page downloaded: exactly one response carries React's core, one react-dom's
//      reconciler, one MobX (markers that survive minification).
//   4. The federation share scope shows one loaded version of each.
// The second test proves the witnesses work: it makes mfe_exchange refuse the shared react and mobx
// (its remoteEntry's share config rewritten in flight) so that it loads its own copies, and expects 2.
import type { Page } from '@playwright/test';
import type { StackInfo } from '../harness/stack';
import { expect, expectSameDocument, markDocument, test } from '../fixtures';

const MARKERS = {
  react: 'isReactComponent={}', // Component.prototype.isReactComponent = {} (react.production.js)
  'react-dom': '__reactFiber$', // the reconciler's internal instance key (react-dom-client.production.js)
  mobx: '__mobxInstanceCount', // mobx's own duplicate-instance guard
} as const;
type Pkg = keyof typeof MARKERS;

interface Witnesses {
  /** react-dom renderers registered with the DevTools hook */
  renderers: number;
  mobxInstances: number | undefined;
  /** URLs of the JS responses carrying each package */
  carriers: Record<Pkg, string[]>;
  /** loaded versions per package in __FEDERATION__.__SHARE__ */
  sharedVersions: Record<Pkg, string[]>;
  sharedRaw: unknown;
  /** origins JS was loaded from */
  scriptUrls: string[];
}

async function installDevtoolsHook(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const renderers: Array<{ rendererPackageName?: string; version?: string }> = [];
    (window as unknown as Record<string, unknown>).__e2eRenderers = renderers;
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject(internals: { rendererPackageName?: string; version?: string }) {
        renderers.push({ rendererPackageName: internals.rendererPackageName, version: internals.version });
        return renderers.length;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      setStrictMode() {},
    };
  });
}

function collectScripts(page: Page): Map<string, Promise<string>> {
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const url = res.url();
    if ((type === 'script' || /\.m?js(\?|$)/.test(url)) && res.ok() && !bodies.has(url)) {
      bodies.set(
        url,
        res.text().catch(() => ''),
      );
    }
  });
  return bodies;
}

async function navigateClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/** `/` → `/order/pending` → `/blog` in one document, then every witness. Page checks are soft: a second
 *  React usually breaks rendering ("Invalid hook call"), and the witnesses must still say why. */
async function visitAndWitness(page: Page, { checkPages = true } = {}): Promise<Witnesses> {
  await installDevtoolsHook(page);
  const scripts = collectScripts(page);
  const settle = () => page.waitForLoadState('networkidle');

  await page.goto('/');
  if (checkPages) await expect.soft(page.getByTestId('live-rate').first()).toHaveText(/\d/);
  else await settle();
  await markDocument(page);
  await navigateClientSide(page, '/order/pending');
  if (checkPages) await expect.soft(page.getByTestId('layout-default').getByTestId('page-title')).toBeVisible();
  else await page.waitForTimeout(1000).then(settle);
  await navigateClientSide(page, '/blog');
  if (checkPages) await expect.soft(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible();
  else await page.waitForTimeout(1000).then(settle);
  await expectSameDocument(page);
  await settle();

  const loaded = await Promise.all([...scripts.entries()].map(async ([url, body]) => ({ url, body: await body })));
  const carriers = Object.fromEntries(
    (Object.keys(MARKERS) as Pkg[]).map((pkg) => [pkg, loaded.filter((s) => s.body.includes(MARKERS[pkg])).map((s) => s.url)]),
  ) as Record<Pkg, string[]>;

  const renderers = await page.evaluate(() => (window as unknown as { __e2eRenderers: unknown[] }).__e2eRenderers.length);
  const mobxInstances = await page.evaluate(() => (globalThis as unknown as { __mobxInstanceCount?: number }).__mobxInstanceCount);
  const scope = await page.evaluate(() => {
    type Entry = { loaded?: boolean; lib?: unknown; from?: string };
    const share = (globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Entry>>>> } })
      .__FEDERATION__?.__SHARE__;
    const out: Record<string, Array<{ version: string; loaded: boolean; from?: string }>> = {};
    for (const scopes of Object.values(share ?? {})) {
      for (const pkgs of Object.values(scopes ?? {})) {
        for (const [pkg, versions] of Object.entries(pkgs ?? {})) {
          for (const [version, entry] of Object.entries(versions ?? {})) {
            (out[pkg] ??= []).push({ version, loaded: !!(entry.loaded || entry.lib), from: entry.from });
          }
        }
      }
    }
    return out;
  });
  const sharedVersions = Object.fromEntries(
    (Object.keys(MARKERS) as Pkg[]).map((pkg) => [pkg, [...new Set((scope[pkg] ?? []).filter((e) => e.loaded).map((e) => e.version))]]),
  ) as Record<Pkg, string[]>;

  for (const pkg of Object.keys(MARKERS)) test.info().annotations.push({ type: pkg, description: carriers[pkg as Pkg].join(' ') || '(none)' });
  return { renderers, mobxInstances, carriers, sharedVersions, sharedRaw: scope, scriptUrls: loaded.map((s) => s.url) };
}

function expectFromRemotes(w: Witnesses, stack: StackInfo): void {
  for (const remote of ['mfe_exchange', 'mfe_order', 'mfe_blog'] as const) {
    expect
      .soft(
        w.scriptUrls.some((u) => u.startsWith(`${stack.remotes[remote]}/`)),
        `no JavaScript from ${remote}`,
      )
      .toBe(true);
  }
}

test('react, react-dom and mobx are loaded once across the shell and three remotes', async ({ page, stack }) => {
  test.setTimeout(60_000);
  const w = await visitAndWitness(page);
  expectFromRemotes(w, stack);
  expect.soft(w.renderers, 'react-dom renderers registered with the DevTools hook').toBe(1);
  expect.soft(w.mobxInstances, 'globalThis.__mobxInstanceCount').toBe(1);
  for (const pkg of Object.keys(MARKERS) as Pkg[]) {
    expect.soft(w.carriers[pkg], `JS responses carrying ${pkg} (marker ${MARKERS[pkg]})`).toHaveLength(1);
  }
  for (const pkg of Object.keys(MARKERS) as Pkg[]) {
    expect.soft(w.sharedVersions[pkg], `loaded versions of ${pkg} in __FEDERATION__.__SHARE__ (${JSON.stringify(w.sharedRaw)})`).toHaveLength(1);
  }
});

test('the witnesses catch a remote that brings its own react and mobx', async ({ page, stack }) => {
  test.setTimeout(60_000);
  // mfe_exchange's consume config for react and mobx: singleton, ^<version>. Rewritten to a version nobody
  // provides with strictVersion, the federation runtime falls back to the remote's own bundled copy.
  const consume = (pkg: string) => new RegExp(`singleton:!0,requiredVersion:"\\^[^"]+",strictVersion:!1(,eager:!1,layer:void 0,shareKey:"${pkg}"\\})`);
  let rewrites = 0;
  await page.route(`${stack.remotes.mfe_exchange}/remoteEntry.js`, async (route) => {
    const res = await route.fetch();
    let body = await res.text();
    for (const pkg of ['react', 'mobx']) {
      const next = body.replace(consume(pkg), 'singleton:!1,requiredVersion:"^99.0.0",strictVersion:!0$1');
      if (next !== body) rewrites += 1;
      body = next;
    }
    await route.fulfill({ response: res, body });
  });
  // The page is expected to break (two Reacts: "Invalid hook call"); what it renders is not checked here.
  const w = await visitAndWitness(page, { checkPages: false });
  expect(rewrites, "mfe_exchange's remoteEntry.js no longer has the consume config this self-check rewrites").toBe(2);
  expect(w.carriers.react, 'a second React went unnoticed by the download witness').toHaveLength(2);
  expect(w.carriers.mobx, 'a second MobX went unnoticed by the download witness').toHaveLength(2);
  expect(w.mobxInstances, 'a second MobX went unnoticed by __mobxInstanceCount').toBe(2);
});
