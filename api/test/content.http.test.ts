// The content service's routes through the built app (§7 blog service GET per locale with category, slug, offset,
// per_page; post and docs scopes), over the fixtures: answers in the contract's shapes (checked by
// VALIDATE_RESPONSES), cacheable, 404 ERR_NOT_FOUND for what does not exist, 400 ERR_VALIDATION for a bad query;
// images with immutable caching and only the files of content/images.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiErrorBodySchema, BLOG_PER_PAGE, apiRoutes } from 'shared-contracts/server';
import { buildApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { createAccounts } from '../src/modules/accounts';
import { testConfig } from './helpers/accounts';
import { catalogueRepo } from './helpers/catalogue';
import { FakePriceBoard, TEST_PRICES } from './helpers/fakes';
import { openTestDb, type TestDb } from './helpers/testDb';

const FIXTURES = path.join(__dirname, 'fixtures', 'content');

describe('content routes', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let closeAccounts: () => Promise<void>;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    await migrate(t.handle);
    const config = testConfig({ CONTENT_DIR: FIXTURES });
    const accounts = await createAccounts(config, t.handle);
    closeAccounts = accounts.close;
    app = await buildApp(config, {
      db: t.handle,
      instruments: catalogueRepo(),
      priceBoard: new FakePriceBoard(TEST_PRICES),
      sandbox: { market: true, custody: true, provider: true, mail: true },
      version: 'test',
      accounts,
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await closeAccounts?.();
    await t?.drop();
  });

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : res.rawPayload,
    };
  };
  const expectError = (res: { status: number; body: unknown }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(ApiErrorBodySchema.parse(res.body)).toMatchObject({ statusCode: status, code });
  };

  describe('blogPosts', () => {
    const path = apiRoutes.blogPosts.path;

    it('lists posts newest first, BLOG_PER_PAGE by default, cacheable for a minute', async () => {
      const res = await get(`${path}?locale=en`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.body).toMatchObject({ total: 6, offset: 0, perPage: BLOG_PER_PAGE, category: null });
      expect(res.body.items.map((i: { slug: string }) => i.slug).slice(0, 2)).toEqual(['guides/first', 'guides/second']);
    });

    it('pages with offset and per_page, of one category', async () => {
      const res = await get(`${path}?locale=ru&category=guides&offset=2&per_page=2`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 3, offset: 2, perPage: 2, category: { slug: 'guides', title: 'Руководства' } });
      expect(res.body.items.map((i: { slug: string }) => i.slug)).toEqual(['guides/third']);
    });

    it('an offset past the end is an empty page', async () => {
      expect((await get(`${path}?offset=600`)).body).toMatchObject({ items: [], total: 6 });
    });

    it('an unknown category is a 404', async () => {
      expectError(await get(`${path}?category=nothing`), 404, 'ERR_NOT_FOUND');
    });

    it.each(['locale=de', 'offset=-1', 'per_page=0', 'per_page=51', 'offset=abc'])('%s is a 400 ERR_VALIDATION', async (qs) => {
      expectError(await get(`${path}?${qs}`), 400, 'ERR_VALIDATION');
    });
  });

  describe('blogEntry', () => {
    const path = apiRoutes.blogEntry.path;

    it('a multi-segment slug is a post, with its rendered text and headings', async () => {
      const res = await get(`${path}?locale=en&slug=${encodeURIComponent('guides/first')}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.body).toMatchObject({
        kind: 'post',
        post: { slug: 'guides/first', locale: 'en', fallback: false, headings: [{ id: 'steps', level: 2 }, { id: 'steps-1' }] },
      });
      expect(res.body.post.html).toContain('<h2 id="steps">');
    });

    it('a ru request for an untranslated post is the English text with fallback: true', async () => {
      expect((await get(`${path}?locale=ru&slug=guides/second`)).body).toMatchObject({ kind: 'post', post: { locale: 'en', fallback: true } });
    });

    it('a category slug names the category', async () => {
      expect((await get(`${path}?slug=basics/advanced`)).body).toMatchObject({ kind: 'category', category: { slug: 'basics/advanced' } });
    });

    it('an unknown slug is a 404, a missing one a 400', async () => {
      expectError(await get(`${path}?slug=guides/nothing`), 404, 'ERR_NOT_FOUND');
      expectError(await get(`${path}?locale=en`), 400, 'ERR_VALIDATION');
    });
  });

  it('blogSidebar: categories and the five recent posts', async () => {
    const res = await get(`${apiRoutes.blogSidebar.path}?locale=ru`);
    expect(res.status).toBe(200);
    expect(res.body.categories[0]).toEqual({ slug: 'guides', title: 'Руководства', description: 'Пошаговые руководства.', postCount: 3 });
    expect(res.body.recent).toHaveLength(5);
    expectError(await get(`${apiRoutes.blogSidebar.path}?locale=xx`), 400, 'ERR_VALIDATION');
  });

  it('docsNav and docsPage, with fallback and 404', async () => {
    const nav = await get(`${apiRoutes.docsNav.path}?locale=ru`);
    expect(nav.status).toBe(200);
    expect(nav.headers['cache-control']).toBe('public, max-age=60');
    expect(nav.body.sections.map((s: { title: string }) => s.title)).toEqual(['Начало', 'Guides']);
    const page = await get(`${apiRoutes.docsPage.path}?locale=ru&slug=getting-started`);
    expect(page.body).toMatchObject({ title: 'Начало работы', headings: [{ id: 'первый-ключ', text: 'Первый ключ', level: 2 }] });
    expect(page.body.html).toContain('href="/ru/docs/orders"');
    expect((await get(`${apiRoutes.docsPage.path}?locale=ru&slug=orders`)).body).toMatchObject({ locale: 'en', fallback: true });
    expectError(await get(`${apiRoutes.docsPage.path}?slug=nothing`), 404, 'ERR_NOT_FOUND');
    expectError(await get(`${apiRoutes.docsPage.path}?slug=`), 400, 'ERR_VALIDATION');
  });

  it('contentRoadmap and contentFaq', async () => {
    const roadmap = await get(`${apiRoutes.contentRoadmap.path}?locale=en`);
    expect(roadmap.status).toBe(200);
    expect(roadmap.body.items.map((i: { status: string }) => i.status)).toEqual(['done', 'planned']);
    const faq = await get(`${apiRoutes.contentFaq.path}?locale=ru`);
    expect(faq.body.items[0]).toMatchObject({ id: 'how-long', question: 'Сколько длится обмен?' });
    expect(faq.headers['cache-control']).toBe('public, max-age=60');
    expectError(await get(`${apiRoutes.contentFaq.path}?locale=de`), 400, 'ERR_VALIDATION');
  });

  it('contentLegal (issue 24): the locale’s text, the English one as a fallback, 400 for an unknown document', async () => {
    const terms = await get(`${apiRoutes.contentLegal.path}?locale=ru&slug=terms`);
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({ slug: 'terms', locale: 'ru', fallback: false, title: 'Условия (фикстура)', updatedAt: '2026-11-21' });
    // a site link in a Russian page gets the /ru prefix
    expect(terms.body.html).toContain('href="/ru/support"');
    expect(terms.headers['cache-control']).toBe('public, max-age=60');
    const privacy = await get(`${apiRoutes.contentLegal.path}?locale=ru&slug=privacy`);
    expect(privacy.body).toMatchObject({ slug: 'privacy', locale: 'en', fallback: true, title: 'Fixture privacy' });
    expectError(await get(`${apiRoutes.contentLegal.path}?locale=en&slug=cookies`), 400, 'ERR_VALIDATION');
  });

  describe('contentImage', () => {
    const imagePath = (name: string) => apiRoutes.contentImage.path.replace(':name', name);

    it('serves a file of content/images with its type and a year of immutable caching', async () => {
      const res = await get(`${imagePath('diagram.svg')}?v=anything`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body.toString()).toContain('<svg');
    });

    it('serves a raster image with its own type', async () => {
      const res = await get(imagePath('pixel.png'));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect((res.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    });

    it('the src a page carries loads the image', async () => {
      const entry = await get(`${apiRoutes.blogEntry.path}?slug=guides/first`);
      const src = /<img src="([^"]+)"/.exec(entry.body.post.html)?.[1] ?? '';
      expect(src).toMatch(/^\/api\/v1\/content\/images\/chart\.svg\?v=/);
      expect((await get(src.replace(/&amp;/g, '&'))).status).toBe(200);
    });

    it('an unknown file is a 404', async () => {
      expectError(await get(imagePath('nothing.svg')), 404, 'ERR_NOT_FOUND');
    });

    it.each(['..%2F..%2Fpackage.json', '%2E%2E%2Fsecret.svg', 'Diagram.svg', 'diagram.gif', 'x', '.hidden.svg'])('%s is refused', async (name) => {
      const res = await get(imagePath(name));
      expect([400, 404]).toContain(res.status);
      expect(ApiErrorBodySchema.safeParse(res.body).success).toBe(true);
    });
  });
});
