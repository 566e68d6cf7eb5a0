// §2/§7 `POST /dict/seo` over real HTTP: the head texts of every page kind in both locales, the pair page named
// from the instruments in the database, 404 in the §8 shape for what does not exist.
import { ApiErrorBodySchema, SEO_CONFIG_IDS, SUPPORTED_LOCALES, apiRoutes, seoKeyProblems, type SeoConfigId, type SeoTexts } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

/** A `params.page` each kind is really asked with. */
const SAMPLE_PAGE: Partial<Record<SeoConfigId, string>> = {
  'exchange-pair': 'btc-eth',
  'order-id': '0a1b2c3d',
  'blog-page': '2',
  'blog-slug-page': 'guides/page2',
  'blog-slug': 'guides/fixed-vs-floating-rate',
  'docs-slug': 'getting-started',
};

describe('POST /dict/seo rate limit', () => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    const config = loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent', HTTP_RATE_LIMITS: 'seo=2' });
    api = await startApi(config, { db: t.handle, realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  /** As web calls: from loopback, the visitor's address in X-Forwarded-For. */
  const status = async (visitor: string) =>
    (
      await fetch(api.url + apiRoutes.seo.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
        body: JSON.stringify({ config_id: 'index', params: { page: '' } }),
      })
    ).status;

  it('limits each visitor web forwards, but never a client on the api machine itself (web, e2e, bench)', async () => {
    expect([await status('198.51.100.7'), await status('198.51.100.7'), await status('198.51.100.7')]).toEqual([200, 200, 429]);
    expect(await status('198.51.100.8')).toBe(200);
    for (let i = 0; i < 5; i++) expect(await status('127.0.0.1')).toBe(200);
  });
});

describe.each(BACKENDS)('POST /dict/seo on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb(backend);
    const config = loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'true' });
    api = await startApi(config, { db: t.handle, realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const seo = async (body: unknown) => {
    const res = await fetch(api.url + apiRoutes.seo.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, cacheControl: res.headers.get('cache-control'), body: await res.json() };
  };
  const texts = async (configId: string, page: string): Promise<Record<string, SeoTexts>> => {
    const r = await seo({ config_id: configId, params: { page } });
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const expectError = (r: { status: number; body: unknown }, status: number, code: string) => {
    expect(r.status).toBe(status);
    expect(ApiErrorBodySchema.parse(r.body)).toMatchObject({ statusCode: status, code });
  };

  it.each(SEO_CONFIG_IDS)('%s answers every locale with no §8 key problems and no unfilled placeholder', async (configId) => {
    const r = await seo({ config_id: configId, params: { page: SAMPLE_PAGE[configId] ?? '' } });
    expect(r.status).toBe(200);
    expect(r.cacheControl).toBe('public, max-age=300');
    expect(Object.keys(r.body.data).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    for (const locale of SUPPORTED_LOCALES) {
      const page: SeoTexts = r.body.data[locale];
      expect(seoKeyProblems(configId, page)).toEqual([]);
      expect(JSON.stringify(page)).not.toMatch(/[{}]\w|\w[{}]/);
    }
    // The two locales are really translated, not one text twice.
    expect(r.body.data.ru.title).not.toBe(r.body.data.en.title);
  });

  it('home carries the organisation and review structured data in both locales', async () => {
    const data = await texts('index', '');
    for (const locale of SUPPORTED_LOCALES) {
      expect(data[locale].structuredData).toMatchObject({ organizationName: expect.any(String), ratingValue: '4.8' });
    }
  });

  it('the pair page names both instruments, by code and by name, in en and ru', async () => {
    const data = await texts('exchange-pair', 'btc-usdttrc20');
    for (const locale of SUPPORTED_LOCALES) {
      const { title, description, ogTitle, ogDescription } = data[locale];
      expect(title).toMatch(/BTC.*USDT TRC20/);
      expect(ogTitle).toMatch(/BTC.*USDT TRC20/);
      expect(description).toMatch(/Bitcoin.*Tether \(TRC20\)/);
      expect(ogDescription).toMatch(/Bitcoin.*Tether \(TRC20\)/);
    }
    // The URL's whole segment names the same pair.
    expect(await texts('exchange-pair', 'exchange-btc-usdttrc20')).toEqual(data);
  });

  it('a pair whose instruments exist but that cannot be exchanged is still described (Monero is inactive)', async () => {
    const data = await texts('exchange-pair', 'xmr-btc');
    expect(data.en.title).toMatch(/XMR.*BTC/);
    expect(data.ru.description).toMatch(/Monero.*Bitcoin/);
  });

  it('an unknown or malformed pair is 404 ERR_NOT_FOUND', async () => {
    for (const page of ['btc-nocoin', 'nocoin-eth', 'btc', '', 'btc-eth-ltc']) {
      expectError(await seo({ config_id: 'exchange-pair', params: { page } }), 404, 'ERR_NOT_FOUND');
    }
  });

  it('an unknown config_id is 404 ERR_NOT_FOUND; a body without config_id or page is 400 ERR_VALIDATION', async () => {
    expectError(await seo({ config_id: 'no-such-page', params: { page: '' } }), 404, 'ERR_NOT_FOUND');
    expectError(await seo({ config_id: 'index___en', params: { page: '' } }), 404, 'ERR_NOT_FOUND');
    expectError(await seo({ params: { page: '' } }), 400, 'ERR_VALIDATION');
    expectError(await seo({ config_id: 'index' }), 400, 'ERR_VALIDATION');
  });

  it('blog and docs pages are titled from the content service in each locale; paginated kinds name the page number', async () => {
    const post = await texts('blog-slug', 'guides/fixed-vs-floating-rate');
    expect(post.en.title).toBe('Fixed or floating rate: which one to choose | Coinferry blog');
    expect(post.ru.title).toMatch(/^Фиксированный или плавающий курс: что выбрать \|/);
    expect((await texts('blog-slug', 'guides')).ru.title).toMatch(/^Инструкции \|/);
    expect((await texts('docs-slug', 'getting-started')).ru.title).toMatch(/^Быстрый старт \|/);
    const listPage = await texts('blog-page', 'page2');
    expect(listPage.en.title).toContain('page 2');
    expect(listPage.ru.title).toContain('страница 2');
    const category = await texts('blog-slug-page', 'guides/page2');
    expect(category.en.title).toMatch(/^Guides, page 2 \|/);
  });

  it('a blog or docs path the content service does not know is a 404 (web shows the §2 404 page with status 404)', async () => {
    for (const [configId, page] of [
      ['blog-slug', 'guides/no-such-post'],
      ['blog-slug', `<script>alert(1)<%2Fscript>`],
      ['blog-slug-page', 'no-such-category/page2'],
      ['blog-slug-page', 'guides/page3'],
      ['blog-page', 'page99'],
      ['blog-page', 'page0'],
      ['docs-slug', 'no-such-page'],
    ])
      expectError(await seo({ config_id: configId, params: { page } }), 404, 'ERR_NOT_FOUND');
  });
});
