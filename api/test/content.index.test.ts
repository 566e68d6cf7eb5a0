// The content index (§2 blog and docs from a blog service, §7 per locale with category, slug, offset and per_page)
// over the fixtures in test/fixtures/content: what a slug names, pagination, the English fallback of an untranslated
// post or page, the sidebar, the docs navigation, and the start-up failure an editor's mistake must cause.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiError, BlogEntrySchema, BlogListSchema, BlogSidebarSchema, DocsNavSchema, DocsPageSchema, FaqSchema, RoadmapSchema } from 'shared-contracts/server';
import { loadContentIndex, type ContentIndex } from '../src/modules/content/contentIndex';

const FIXTURES = path.join(__dirname, 'fixtures', 'content');

const notFound = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ statusCode: 404, code: 'ERR_NOT_FOUND' });
    return;
  }
  throw new Error('expected a 404');
};

describe('content index', () => {
  let index: ContentIndex;
  beforeAll(async () => {
    index = await loadContentIndex(FIXTURES);
  });

  describe('what a blog slug names', () => {
    it('a post, by its category and file name', () => {
      const entry = BlogEntrySchema.parse(index.blogEntry('en', 'guides/first'));
      expect(entry.kind).toBe('post');
      if (entry.kind !== 'post') return;
      expect(entry.post).toMatchObject({
        slug: 'guides/first',
        title: 'The first guide',
        category: { slug: 'guides', title: 'Guides' },
        publishedAt: '2026-10-05',
      });
      expect(entry.post.html).toContain('<h2 id="steps">Steps</h2>');
    });

    it('a post three segments deep, in a nested category', () => {
      const entry = index.blogEntry('en', 'basics/advanced/deep-dive');
      expect(entry).toMatchObject({ kind: 'post', post: { category: { slug: 'basics/advanced', title: 'Advanced basics' } } });
    });

    it('a category, with its post count', () => {
      expect(index.blogEntry('en', 'guides')).toEqual({
        kind: 'category',
        category: { slug: 'guides', title: 'Guides', description: 'Step-by-step guides.', postCount: 3 },
      });
      expect(index.blogEntry('en', 'basics/advanced')).toMatchObject({ kind: 'category', category: { postCount: 1 } });
    });

    it('ignores slashes around the slug', () => {
      expect(index.blogEntry('en', '/guides/first/')).toMatchObject({ kind: 'post' });
    });

    it.each(['nothing', 'guides/nothing', 'guides/first/extra', 'Guides', 'guides/page2', 'en/guides/first', '../guides/first'])('"%s" is a 404', (slug) => {
      notFound(() => index.blogEntry('en', slug));
    });
  });

  describe('listing', () => {
    const slugs = (list: { items: { slug: string }[] }) => list.items.map((i) => i.slug);

    it('lists every post newest first, the same day by slug', () => {
      const list = BlogListSchema.parse(index.blogList('en', { offset: 0, perPage: 50 }));
      expect(slugs(list)).toEqual(['guides/first', 'guides/second', 'guides/third', 'basics/memos', 'basics/confirmations', 'basics/advanced/deep-dive']);
      expect(list).toMatchObject({ total: 6, offset: 0, perPage: 50, category: null });
    });

    it('pages with offset and per_page, total unchanged', () => {
      expect(slugs(index.blogList('en', { offset: 0, perPage: 4 }))).toEqual(['guides/first', 'guides/second', 'guides/third', 'basics/memos']);
      const page2 = index.blogList('en', { offset: 4, perPage: 4 });
      expect(slugs(page2)).toEqual(['basics/confirmations', 'basics/advanced/deep-dive']);
      expect(page2).toMatchObject({ total: 6, offset: 4, perPage: 4 });
    });

    it('an offset past the end is an empty page, not an error (the front decides the 404)', () => {
      expect(index.blogList('en', { offset: 40, perPage: 4 })).toMatchObject({ items: [], total: 6 });
    });

    it("lists one category's posts with the category", () => {
      const list = index.blogList('en', { category: 'guides', offset: 1, perPage: 1 });
      expect(slugs(list)).toEqual(['guides/second']);
      expect(list).toMatchObject({ total: 3, category: { slug: 'guides', postCount: 3 } });
      // A nested category lists only its own posts.
      expect(slugs(index.blogList('en', { category: 'basics', offset: 0, perPage: 10 }))).toEqual(['basics/memos', 'basics/confirmations']);
      expect(index.blogList('en', { category: 'empty', offset: 0, perPage: 4 })).toMatchObject({ items: [], total: 0 });
    });

    it('an unknown category is a 404', () => {
      notFound(() => index.blogList('en', { category: 'nothing', offset: 0, perPage: 4 }));
    });

    it('reading time from the word count, at least a minute', () => {
      const list = index.blogList('en', { offset: 0, perPage: 50 });
      expect(list.items.find((i) => i.slug === 'basics/confirmations')?.readingMinutes).toBe(4);
      expect(list.items.find((i) => i.slug === 'guides/third')?.readingMinutes).toBe(1);
    });

    it('a cover carries its file dimensions and alt text', () => {
      const first = index.blogList('en', { offset: 0, perPage: 1 }).items[0];
      expect(first.cover).toEqual({
        src: expect.stringMatching(/^\/api\/v1\/content\/images\/diagram\.svg\?v=[0-9a-f]{12}$/),
        alt: 'A diagram',
        width: 640,
        height: 320,
      });
    });
  });

  describe('locale fallback', () => {
    it('a translated post is served in its locale', () => {
      expect(index.blogEntry('ru', 'guides/first')).toMatchObject({ kind: 'post', post: { title: 'Первое руководство', locale: 'ru', fallback: false } });
    });

    it('an untranslated post is the English text with fallback: true', () => {
      expect(index.blogEntry('ru', 'guides/second')).toMatchObject({
        kind: 'post',
        post: { title: 'The second guide', locale: 'en', fallback: true, category: { title: 'Руководства' } },
      });
      expect(index.blogEntry('en', 'guides/second')).toMatchObject({ post: { fallback: false } });
    });

    it('a ru listing keeps every post, untranslated ones with their English titles', () => {
      const list = index.blogList('ru', { offset: 0, perPage: 50 });
      expect(list.total).toBe(6);
      expect(list.items.map((i) => i.title)).toEqual(['Первое руководство', 'The second guide', 'The third guide', 'Memos', 'Confirmations', 'A deep dive']);
    });

    it('a category missing in ru keeps its English title', () => {
      expect(index.blogEntry('ru', 'basics')).toMatchObject({ kind: 'category', category: { title: 'Basics' } });
      expect(index.blogEntry('ru', 'guides')).toMatchObject({ kind: 'category', category: { title: 'Руководства', postCount: 3 } });
    });

    it('docs: a translated page in ru, an untranslated one in English with fallback: true', () => {
      expect(DocsPageSchema.parse(index.docsPage('ru', 'getting-started'))).toMatchObject({
        title: 'Начало работы',
        section: 'Начало',
        fallback: false,
        locale: 'ru',
      });
      expect(index.docsPage('ru', 'sandbox')).toMatchObject({ title: 'Sandbox', locale: 'en', fallback: true, section: 'Начало', updatedAt: '2026-11-02' });
      notFound(() => index.docsPage('ru', 'nothing'));
    });

    it('roadmap and FAQ: the locale’s file, else the English one', () => {
      expect(index.faq('ru').items[0].question).toBe('Сколько длится обмен?');
      expect(index.roadmap('ru').items.map((i) => i.id)).toEqual(['blog', 'mobile']);
    });
  });

  it('the sidebar: categories in their order with post counts, the five newest posts', () => {
    const sidebar = BlogSidebarSchema.parse(index.blogSidebar('en'));
    expect(sidebar.categories.map((c) => [c.slug, c.postCount])).toEqual([
      ['guides', 3],
      ['basics', 2],
      ['basics/advanced', 1],
      ['empty', 0],
    ]);
    expect(sidebar.recent.map((p) => p.slug)).toEqual(['guides/first', 'guides/second', 'guides/third', 'basics/memos', 'basics/confirmations']);
    expect(index.blogSidebar('ru').categories[0].title).toBe('Руководства');
  });

  it('the docs navigation: sections by sectionOrder, pages by order, section titles in the reader’s locale', () => {
    expect(DocsNavSchema.parse(index.docsNav('en'))).toEqual({
      sections: [
        {
          title: 'Start',
          pages: [
            { slug: 'getting-started', title: 'Getting started' },
            { slug: 'sandbox', title: 'Sandbox' },
          ],
        },
        { title: 'Guides', pages: [{ slug: 'orders', title: 'Orders' }] },
      ],
    });
    expect(index.docsNav('ru').sections.map((s) => s.title)).toEqual(['Начало', 'Guides']);
    expect(index.docsNav('ru').sections[0].pages[0].title).toBe('Начало работы');
  });

  it('roadmap items in the file’s order with status, period and rendered text', () => {
    expect(RoadmapSchema.parse(index.roadmap('en'))).toEqual({
      items: [
        { id: 'blog', title: 'The blog', status: 'done', period: '2026 Q4', html: '<p>Posts about <strong>using</strong> the exchange.</p>\n' },
        { id: 'mobile', title: 'A mobile app', status: 'planned', period: null, html: '<p>Later.</p>\n' },
      ],
    });
    expect(FaqSchema.parse(index.faq('ru')).items[0].html).toContain('href="/ru/blog/basics/confirmations"');
  });

  it('serves only the files of content/images', () => {
    expect(index.image('diagram.svg')).toMatchObject({ contentType: 'image/svg+xml', width: 640, height: 320 });
    expect(index.image('pixel.png')).toMatchObject({ contentType: 'image/png', width: 3, height: 2 });
    expect(index.image('missing.svg')).toBeUndefined();
    expect(index.counts).toEqual({ posts: 6, categories: 4, docs: 3, images: 3 });
  });
});

describe('an editor’s mistake stops start-up, naming the file', () => {
  let dir: string;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  const category = '---\ntitle: Guides\ndescription: d\norder: 1\n---\n';
  const post = (front: string, body = 'Text.') => `---\n${front}\n---\n\n${body}\n`;
  const good = 'title: T\ndescription: D\npublished: 2026-10-01';

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'content-'));
    write('blog/en/guides/_category.md', category);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('indexes a good folder, and a missing folder as empty', async () => {
    write('blog/en/guides/ok.md', post(good));
    await expect(loadContentIndex(dir)).resolves.toBeDefined();
    const empty = await loadContentIndex(path.join(dir, 'nothing-here'));
    expect(empty.blogList('en', { offset: 0, perPage: 4 })).toMatchObject({ items: [], total: 0 });
    expect(empty.roadmap('ru')).toEqual({ items: [] });
  });

  it.each([
    ['no front matter', 'blog/en/guides/bad.md', '# Just text', /bad\.md: no front matter/],
    ['broken YAML', 'blog/en/guides/bad.md', post('title: [unclosed'), /bad\.md: front matter is not valid YAML/],
    ['a missing title', 'blog/en/guides/bad.md', post('description: D\npublished: 2026-10-01'), /bad\.md: front matter: title/],
    ['a bad date', 'blog/en/guides/bad.md', post('title: T\ndescription: D\npublished: 2026-02-30'), /bad\.md: front matter: published: not a calendar date/],
    ['a misspelt key', 'blog/en/guides/bad.md', post(`${good}\npublised: 2026-10-01`), /bad\.md: front matter: .*publised/],
    ['an unknown image', 'blog/en/guides/bad.md', post(good, '![x](nope.svg)'), /bad\.md: image "nope\.svg": no such file/],
    ['an image by URL', 'blog/en/guides/bad.md', post(good, '![x](https://example.com/x.png)'), /bad\.md: image "https:\/\/example\.com\/x\.png"/],
    ['an unknown cover', 'blog/en/guides/bad.md', post(`${good}\ncover: nope.svg`), /bad\.md: cover "nope\.svg"/],
    ['a post outside a category', 'blog/en/bad.md', post(good), /bad\.md: a post lives in a category folder/],
    ['a category without _category.md', 'blog/en/other/bad.md', post(good), /bad\.md: its category "other" has no _category\.md/],
    ['an upper-case file name', 'blog/en/guides/Bad.md', post(good), /Bad\.md: "Bad" in a slug/],
    ['a post named like a page number', 'blog/en/guides/page2.md', post(good), /page2\.md: "page2" is reserved/],
    ['an unknown locale', 'blog/de/guides/x.md', post(good), /blog\/de: expected a locale folder/],
    ['a stray file', 'blog/en/guides/picture.png', 'x', /picture\.png: only \.md files/],
    [
      'a docs page missing its section',
      'docs/en/x.md',
      post('title: T\ndescription: D\nsectionOrder: 1\norder: 1\nupdated: 2026-10-01'),
      /x\.md: front matter: section/,
    ],
    [
      'a roadmap item without its section',
      'roadmap/en.md',
      post('items:\n  - id: a\n    title: A\n    status: done', ''),
      /en\.md: no "## <id>" section for a/,
    ],
    [
      'a roadmap with a bad status',
      'roadmap/en.md',
      post('items:\n  - id: a\n    title: A\n    status: soon', '## a\n\nText'),
      /en\.md: front matter: items\.0\.status/,
    ],
    ['a FAQ section no item names', 'faq/en.md', post('items:\n  - id: a\n    question: Q?', '## a\n\nA\n\n## b\n\nB'), /en\.md: section "## b" names no item/],
    ['an image with a bad name', 'images/Bad Name.svg', '<svg/>', /Bad Name\.svg: an image name/],
    ['an SVG with no size', 'images/nosize.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', /nosize\.svg: /],
  ])('%s', async (_what, rel, text, message) => {
    write(rel, text);
    await expect(loadContentIndex(dir)).rejects.toThrow(message);
  });

  it('a `---js` block is refused as no front matter, its code never run', async () => {
    const marker = '__frontMatterEvaluated';
    write('blog/en/guides/bad.md', `---js\n{ title: (globalThis.${marker} = 'T'), description: 'D', published: '2026-10-01' }\n---\n\nText.\n`);
    await expect(loadContentIndex(dir)).rejects.toThrow(/bad\.md: no front matter/);
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
  });

  it('a front matter with no closing `---` line is refused', async () => {
    write('blog/en/guides/bad.md', `---\n${good}\n\nText.\n`);
    await expect(loadContentIndex(dir)).rejects.toThrow(/bad\.md: front matter is not closed/);
  });

  it('lists every problem at once', async () => {
    write('blog/en/guides/one.md', '# no front matter');
    write('docs/en/two.md', '# no front matter');
    await expect(loadContentIndex(dir)).rejects.toThrow(/cannot be indexed[\s\S]*one\.md[\s\S]*two\.md/);
  });

  it('two spellings of one docs section are a problem', async () => {
    const page = (section: string, order: number) =>
      post(`title: T\ndescription: D\nsection: ${section}\nsectionOrder: 1\norder: ${order}\nupdated: 2026-10-01`);
    write('docs/en/a.md', page('Start', 1));
    write('docs/en/b.md', page('Starting', 2));
    await expect(loadContentIndex(dir)).rejects.toThrow(/sectionOrder 1/);
  });
});
