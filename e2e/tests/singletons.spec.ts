// (e) DESIGN.md MF rule 3: react, react-dom and mobx are shared singletons. After the home page and
// client-side navigation into two other remotes, the page holds exactly one copy of each. Three
// independent witnesses, each of which fails if a remote bundles its own copy:
//   1. React DevTools hook: every react-dom renderer registers itself with hook.inject() when it loads.
//   2. MobX counts its own instances in globalThis.__mobxInstanceCount.
//   3. The JavaScript the page downloaded: exactly one response carries React's core, one react-dom's
//      reconciler, one MobX (markers that survive minification).
// Plus the federation share scope must show one loaded version of each.
import type { Page } from '@playwright/test';
import { expect, expectSameDocument, markDocument, test } from '../fixtures';

const MARKERS = {
  react: 'isReactComponent={}', // Component.prototype.isReactComponent = {} (react.production.js)
  'react-dom': '__reactFiber$', // the reconciler's internal instance key (react-dom-client.production.js)
  mobx: '__mobxInstanceCount', // mobx's own duplicate-instance guard
} as const;

function collectScripts(page: Page): Map<string, Promise<string>> {
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const url = res.url();
    if ((type === 'script' || /\.m?js(\?|$)/.test(url)) && res.ok() && !bodies.has(url)) {
      bodies.set(url, res.text().catch(() => ''));
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

test('react, react-dom and mobx are loaded once across the shell and three remotes', async ({ page, stack }) => {
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
  const scripts = collectScripts(page);

  await page.goto('/');
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
  await markDocument(page);

  await navigateClientSide(page, '/order/pending');
  await expect(page.getByTestId('layout-default').getByTestId('page-title')).toBeVisible();
  await navigateClientSide(page, '/blog');
  await expect(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible();
  await expectSameDocument(page);
  await page.waitForLoadState('networkidle');

  const loadedFrom = await Promise.all(
    [...scripts.keys()].map(async (url) => ({ url, body: await scripts.get(url)! })),
  );
  // The navigation really pulled code from the other remotes' own servers.
  for (const remote of ['mfe_exchange', 'mfe_order', 'mfe_blog'] as const) {
    expect(loadedFrom.some((s) => s.url.startsWith(`${stack.remotes[remote]}/`)), `no JavaScript from ${remote}`).toBe(true);
  }

  // 1. one react-dom renderer
  const renderers = await page.evaluate(() => (window as unknown as { __e2eRenderers: unknown[] }).__e2eRenderers);
  expect(renderers, 'react-dom renderers registered with the DevTools hook').toHaveLength(1);

  // 2. one MobX
  const mobxCount = await page.evaluate(() => (globalThis as unknown as { __mobxInstanceCount?: number }).__mobxInstanceCount);
  expect(mobxCount, 'globalThis.__mobxInstanceCount').toBe(1);

  // 3. one copy of each in the downloaded JavaScript
  for (const [pkg, marker] of Object.entries(MARKERS)) {
    const carriers = loadedFrom.filter((s) => s.body.includes(marker)).map((s) => s.url);
    test.info().annotations.push({ type: pkg, description: carriers.join(' ') || '(none)' });
    expect(carriers, `responses carrying ${pkg} (marker ${marker})`).toHaveLength(1);
  }

  // 4. the federation share scope: one loaded version of each singleton
  const scope = await page.evaluate(() => {
    type Entry = { loaded?: boolean; lib?: unknown; from?: string; useIn?: string[] };
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
  for (const pkg of ['react', 'react-dom', 'mobx']) {
    const loadedVersions = new Set((scope[pkg] ?? []).filter((e) => e.loaded).map((e) => e.version));
    expect([...loadedVersions], `loaded versions of ${pkg} in __FEDERATION__.__SHARE__ (${JSON.stringify(scope[pkg])})`).toHaveLength(1);
  }
});
