/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Server rendering runs with no window or document: this suite proves it, in Node's own environment.
import { LOCALE_COOKIE, THEME_COOKIE, type HostServices } from 'shared-contracts';
import { Suspense } from 'react';
import { render, type SsrRequest } from './render';

function RoadmapPage({ host }: { host: HostServices }) {
  return <h1 data-testid="page-title">Roadmap {host.locale.current}</h1>;
}

const blogPages = {
  pages: { Roadmap: RoadmapPage, Blog: RoadmapPage, BlogPost: RoadmapPage, Support: RoadmapPage },
  namespace: 'mfe-blog',
  resources: { en: { hello: 'Hello' }, ru: { hello: 'Привет' } },
};

const request = (url: string, more: Partial<SsrRequest> = {}): SsrRequest => ({
  url,
  cookies: {},
  origin: 'https://exchange.example',
  apiBaseUrl: 'http://127.0.0.1:1',
  apiHeaders: {},
  budgetMs: 300,
  ...more,
});

const load = (id: string) => (id === 'mfe_blog/pages' ? Promise.resolve(blogPages) : new Promise<never>(() => undefined));
// no request of a server render may reach the api in these cases
const noFetch = () => Promise.reject(new Error('unexpected api call'));

describe('server render of a page request', () => {
  it('renders the route’s remote page inside the shell’s layout, 200', async () => {
    const result = await render(request('/roadmap'), { load, fetch: noFetch });
    expect(result.status).toBe(200);
    expect(result.remote).toBe('mfe_blog');
    expect(result.html).toContain('data-testid="page-title"');
    expect(result.html).toContain('Roadmap');
    expect(result.html).toContain('data-remote="mfe_blog"');
    expect(result.state).toMatchObject({ remote: 'mfe_blog', locale: 'en' });
  });

  it('renders /ru in Russian', async () => {
    const result = await render(request('/ru/roadmap'), { load, fetch: noFetch });
    expect(result.locale).toBe('ru');
    expect(result.html).toMatch(/Roadmap (<!-- -->)?ru/);
  });

  it('a large page in a Suspense boundary (a page in its own chunk, issue 27) is written in place, not hidden for a script to reveal', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `row ${i} of a long table`);
    function LongPage() {
      return (
        <Suspense fallback={<p>skeleton</p>}>
          <h1 data-testid="page-title">Long</h1>
          <ul>
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </Suspense>
      );
    }
    const long = { ...blogPages, pages: { ...blogPages.pages, Roadmap: LongPage } };
    const result = await render(request('/roadmap'), { load: (id) => (id === 'mfe_blog/pages' ? Promise.resolve(long) : load(id)), fetch: noFetch });
    expect(result.html.length).toBeGreaterThan(12800);
    expect(result.html).toContain('row 399 of a long table');
    expect(result.html).not.toContain('skeleton');
    expect(result.html).not.toMatch(/<div hidden id="S:/);
  });

  it('an unknown path is the 404 page with status 404', async () => {
    const result = await render(request('/no/such/page'), { load, fetch: noFetch });
    expect(result.status).toBe(404);
    expect(result.html).toContain('data-testid="not-found"');
  });

  it('a page web knows does not exist (notFound) is the localised 404 page, not the remote page, and hydrates as one', async () => {
    const result = await render(request('/ru/blog/no-such-post', { notFound: true }), { load, fetch: noFetch });
    expect(result.status).toBe(404);
    expect(result.html).toContain('data-testid="not-found"');
    expect(result.html).toContain('Страница не найдена');
    expect(result.html).toContain('Страница не найдена: /ru/blog/no-such-post');
    expect(result.html).not.toContain('Roadmap');
    expect(result.html).toContain('data-testid="layout-blog-sidebar"');
    expect(result.state).toMatchObject({ notFound: true, locale: 'ru' });
    expect((await render(request('/ru/roadmap'), { load, fetch: noFetch })).state.notFound).toBeUndefined();
  });

  it('a remote that does not answer within the budget leaves its slot as the skeleton; the rest is rendered', async () => {
    const result = await render(request('/docs', { budgetMs: 20 }), { load, fetch: noFetch });
    expect(result.status).toBe(200);
    expect(result.remote).toBeNull();
    expect(result.state.remote).toBeNull();
    expect(result.html).toContain('data-testid="layout-docs-sidebar"');
    expect(result.html).not.toContain('data-remote="mfe_docs"');
  });

  it('the theme comes from the theme cookie', async () => {
    const result = await render(request('/roadmap', { cookies: { [THEME_COOKIE]: 'dark' } }), { load, fetch: noFetch });
    expect(result.theme).toBe('dark');
  });

  it('the root follows the language cookie with a redirect (§4), before anything renders', async () => {
    const result = await render(request('/?amount=5', { cookies: { [LOCALE_COOKIE]: 'ru' } }), { load, fetch: noFetch });
    expect(result.status).toBe(302);
    expect(result.redirect).toBe('/ru?amount=5');
  });

  it('a guest asking for a profile page is sent home with the login dialog (lk-redirect), decided on the server', async () => {
    const result = await render(request('/profile/history'), { load, fetch: noFetch });
    expect(result.status).toBe(302);
    expect(result.redirect).toMatch(/^\/\?/);
  });
});

describe('a page loader (the first view’s data)', () => {
  function PricePage({ host }: { host: HostServices }) {
    const data = host.initialData as { rate: string } | undefined;
    return <p data-testid="rate">{data ? `rate ${data.rate}` : 'loading'}</p>;
  }
  const withLoader = (loader: () => Promise<unknown>) => (id: string) =>
    id === 'mfe_blog/pages'
      ? Promise.resolve({ ...blogPages, pages: { ...blogPages.pages, Roadmap: PricePage }, loaders: { Roadmap: loader } })
      : new Promise<never>(() => undefined);

  it('its data is in the markup and in the state the browser hydrates with', async () => {
    const result = await render(request('/roadmap'), { load: withLoader(() => Promise.resolve({ rate: '0.05' })), fetch: noFetch });
    expect(result.html).toMatch(/rate (<!-- -->)?0\.05/);
    expect(result.state.page).toEqual({ name: 'Roadmap', data: { rate: '0.05' } });
  });

  it('a loader that fails or outlives the budget leaves the page in its loading state, on both sides', async () => {
    for (const loader of [() => Promise.reject(new Error('api down')), () => new Promise(() => undefined)]) {
      const result = await render(request('/roadmap', { budgetMs: 50 }), { load: withLoader(loader), fetch: noFetch });
      expect(result.status).toBe(200);
      expect(result.html).toContain('loading');
      expect(result.state.page).toBeUndefined();
    }
  });
});

describe('§4 health in the server render', () => {
  const healthAnswer = (status: string, sandbox: boolean) => (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith('/api/v1/health')) return Promise.reject(new Error(`unexpected ${url}`));
    const body = { status, version: '1', sandbox: { market: sandbox, custody: sandbox, provider: sandbox, mail: false }, checks: {} };
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  };

  it('technical difficulties render the maintenance page, as the browser would', async () => {
    const result = await render(request('/roadmap', { apiBaseUrl: 'http://127.0.0.2:1' }), {
      load,
      fetch: healthAnswer('TECHNICAL_DIFFICULTIES', false) as typeof fetch,
    });
    expect(result.html).toContain('data-testid="layout-non-working"');
    expect(result.state.health).toMatchObject({ enabled: false, status: 'TECHNICAL_DIFFICULTIES' });
  });

  it('the sandbox badge is in the first HTML and in the state the browser starts from', async () => {
    const result = await render(request('/roadmap', { apiBaseUrl: 'http://127.0.0.3:1' }), { load, fetch: healthAnswer('OK', true) as typeof fetch });
    expect(result.html).toContain('data-testid="sandbox-mode"');
    expect(result.state.health).toEqual({ enabled: true, status: 'OK', sandbox: true });
  });
});

describe("a guest's public reads are shared by the renders of a moment", () => {
  function setup(rateMode: 'FLOATING' | 'FIXED', apiBaseUrl: string) {
    const asked: string[] = [];
    const fetchRate = ((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      asked.push(new URL(url).pathname);
      if (url.includes('/rates/public/one'))
        return Promise.resolve(new Response(JSON.stringify({ rate: '0.05' }), { headers: { 'content-type': 'application/json' } }));
      return Promise.reject(new Error('down'));
    }) as typeof fetch;
    const load = (id: string) =>
      id === 'mfe_blog/pages'
        ? Promise.resolve({
            ...blogPages,
            loaders: {
              Roadmap: ({ api }: { api: { rateOne(i: { query: Record<string, string> }): Promise<unknown> } }) =>
                api.rateOne({ query: { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', rateMode } }),
            },
          })
        : new Promise<never>(() => undefined);
    const rates = () => asked.filter((p) => p === '/api/v2/rates/public/one').length;
    return { run: (cookies: Record<string, string> = {}) => render(request('/roadmap', { apiBaseUrl, cookies }), { load, fetch: fetchRate }), rates };
  }

  it('a floating rate is asked once for two guests', async () => {
    const s = setup('FLOATING', 'http://127.0.0.4:1');
    const [a, b] = [await s.run(), await s.run()];
    expect(a.state.page?.data).toEqual({ rate: '0.05' });
    expect(b.state.page?.data).toEqual({ rate: '0.05' });
    expect(s.rates()).toBe(1);
  });

  it('a fixed-rate quote, or a signed-in visitor’s read, is never shared', async () => {
    const fixed = setup('FIXED', 'http://127.0.0.5:1');
    await fixed.run();
    await fixed.run();
    expect(fixed.rates()).toBe(2);
    const signedIn = setup('FLOATING', 'http://127.0.0.6:1');
    await signedIn.run({ u_id: 'visitor-1' });
    await signedIn.run({ u_id: 'visitor-2' });
    expect(signedIn.rates()).toBe(2);
  });
});
