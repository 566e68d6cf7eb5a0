// Issue 25: the site renders in its own font (Inter, self-hosted woff2), not in whatever sans-serif the machine has, so
// it looks the same everywhere. On `/` and `/ru`: the font is loaded for the page's script, the body's font-family
// starts with it, the first-paint subsets were preloaded from the server-rendered head and fetched once each, from the
// site's own origin; the page asked no other host for anything.
import { expect, test } from '../fixtures';

const FAMILY = 'Inter';
const FONT_FILE = (subset: string) => new RegExp(`^/assets/inter-${subset}-wght-normal\\.[0-9a-f]{10}\\.woff2$`);

for (const { path, subsets, sample } of [
  { path: '/', subsets: ['latin'], sample: 'Exchange 0.1 BTC' },
  { path: '/ru', subsets: ['latin', 'cyrillic'], sample: 'Обмен Жж 0,1 BTC' },
]) {
  test(`${path}: the site's own font, preloaded and loaded from the site itself`, async ({ page, baseURL }) => {
    const site = new URL(baseURL ?? '');
    const requests: URL[] = [];
    const fontRequests: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.protocol.startsWith('http')) requests.push(url);
      if (req.resourceType() === 'font') fontRequests.push(req.url());
    });
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);

    // the head as web sent it preloads the first paint's subsets, crossorigin (a font fetch is CORS: without it the
    // preload would not be the request @font-face makes)
    const preloads = await page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((links) =>
        links.map((l) => ({ href: (l as HTMLLinkElement).href, type: l.getAttribute('type'), crossorigin: l.hasAttribute('crossorigin') })),
      );
    expect(preloads.map((p) => new URL(p.href).pathname)).toEqual(subsets.map((s) => expect.stringMatching(FONT_FILE(s))));
    for (const p of preloads) expect([new URL(p.href).origin, p.type, p.crossorigin]).toEqual([site.origin, 'font/woff2', true]);

    expect(await page.evaluate(([family, text]) => document.fonts.check(`16px "${family}"`, text), [FAMILY, sample])).toBe(true);
    const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/["']/g, '')));
    expect(loaded).toContain(FAMILY);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(new RegExp(`^"?${FAMILY}"?,`));

    // every font file came from the site, each once (the preload was the request @font-face used)
    for (const s of subsets) expect(fontRequests.map((u) => new URL(u).pathname)).toContainEqual(expect.stringMatching(FONT_FILE(s)));
    expect(fontRequests.every((u) => new URL(u).origin === site.origin)).toBe(true);
    expect(new Set(fontRequests).size).toBe(fontRequests.length);
    // no font host, no CDN: the harness serves the remotes from other ports of the same host
    expect([...new Set(requests.map((u) => u.hostname))]).toEqual([site.hostname]);
  });
}
