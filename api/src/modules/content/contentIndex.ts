// The content index (§2 "blog and docs content comes from a blog service", §7 blog service GET per locale with
// category, slug, offset and per_page; post and docs scopes): every Markdown file of CONTENT_DIR read, checked and
// rendered once at start-up (content/README.md is the editors' format). A file an editor got wrong stops start-up
// with every problem listed by file. Answers are built here per locale; the routes only pick and slice.
//
// Locale fallback: a post or docs page that exists only in English is served in English on every locale with
// `fallback: true`, and listed there with its English title, so nothing disappears from a translated site.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ApiError,
  SUPPORTED_LOCALES,
  type BlogCategory,
  type BlogEntry,
  type BlogList,
  type BlogPost,
  type BlogPostSummary,
  type BlogSidebar,
  type ContentImage,
  type DocsNav,
  type DocsPage,
  type Faq,
  LEGAL_DOCUMENTS,
  type LegalDocument,
  type LegalDocumentSlug,
  type LocaleCode,
  type Roadmap,
} from 'shared-contracts/server';
import {
  CategoryFrontMatter,
  DocsFrontMatter,
  FaqFrontMatter,
  LegalFrontMatter,
  PostFrontMatter,
  RoadmapFrontMatter,
  parseFrontMatter,
  splitSections,
} from './frontMatter';
import { loadImages, type ContentImageFile, type ImageCatalogue } from './images';
import { ContentError, readingMinutes, renderMarkdown } from './markdown';

const FALLBACK_LOCALE: LocaleCode = 'en';
/** A slug segment: what a URL carries without escaping. */
const SEGMENT = /^[a-z0-9][a-z0-9-]*$/;
/** `/blog/<category>/page2` is the category's page 2, so no post or category may be called that. */
const PAGE_SEGMENT = /^page\d+$/;
const CATEGORY_FILE = '_category.md';
/** The blog sidebar's recent posts. */
const RECENT_POSTS = 5;

export interface ContentIndex {
  /** Posts newest first (then by slug), all or one category's; an unknown category is a 404. */
  blogList(locale: LocaleCode, query: { category?: string; offset: number; perPage: number }): BlogList;
  /** What `/blog/<slug>` names: a post or a category; anything else is a 404. */
  blogEntry(locale: LocaleCode, slug: string): BlogEntry;
  blogSidebar(locale: LocaleCode): BlogSidebar;
  docsNav(locale: LocaleCode): DocsNav;
  docsPage(locale: LocaleCode, slug: string): DocsPage;
  roadmap(locale: LocaleCode): Roadmap;
  faq(locale: LocaleCode): Faq;
  /** Issue 24: a legal page (content/legal/<slug>/<locale>.md), the English text where a locale lacks it. */
  legal(locale: LocaleCode, slug: LegalDocumentSlug): LegalDocument;
  image(name: string): ContentImageFile | undefined;
  /** What was indexed, for the start-up log line. */
  readonly counts: Record<'posts' | 'categories' | 'docs' | 'images', number>;
}

interface CategoryFile {
  slug: string;
  title: string;
  description: string;
  order: number;
}
interface PostFile {
  slug: string;
  category: string;
  locale: LocaleCode;
  title: string;
  description: string;
  publishedAt: string;
  cover: ContentImage | null;
  html: string;
  headings: BlogPost['headings'];
  readingMinutes: number;
}
interface DocsFile {
  slug: string;
  locale: LocaleCode;
  title: string;
  description: string;
  section: string;
  sectionOrder: number;
  order: number;
  updatedAt: string;
  html: string;
  headings: DocsPage['headings'];
}

/** Problems of every file, reported together so an editor fixes them in one go. */
class Problems {
  readonly list: string[] = [];
  constructor(private readonly root: string) {}
  /** Runs `read` for one file; a ContentError becomes a problem of that file, anything else is a real failure. */
  async of<T>(file: string, read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      this.add(file, err.message);
      return undefined;
    }
  }
  add(file: string, message: string): void {
    this.list.push(`${path.relative(this.root, file) || file}: ${message}`);
  }
}

async function entries(dir: string): Promise<{ name: string; dir: boolean }[]> {
  try {
    const list = await readdir(dir, { withFileTypes: true });
    return list
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => ({ name: e.name, dir: e.isDirectory() }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

const isLocale = (name: string): name is LocaleCode => (SUPPORTED_LOCALES as readonly string[]).includes(name);

function checkSegment(problems: Problems, file: string, segment: string): boolean {
  if (!SEGMENT.test(segment)) problems.add(file, `"${segment}" in a slug: lowercase letters, digits and hyphens only`);
  else if (PAGE_SEGMENT.test(segment)) problems.add(file, `"${segment}" is reserved for page numbers (/blog/<category>/page2)`);
  else return true;
  return false;
}

/** The locale folders under blog/ or docs/; another folder name is a problem. */
async function localeDirs(problems: Problems, dir: string): Promise<LocaleCode[]> {
  const found: LocaleCode[] = [];
  for (const e of await entries(dir)) {
    if (e.dir && isLocale(e.name)) found.push(e.name);
    else if (e.name.toLowerCase() !== 'readme.md') problems.add(path.join(dir, e.name), `expected a locale folder (${SUPPORTED_LOCALES.join(', ')})`);
  }
  return found;
}

/** The Markdown files under a folder, recursively, as slugs (`guides/fixed-vs-floating-rate`) with their paths. */
async function markdownFiles(problems: Problems, dir: string, prefix = ''): Promise<{ slug: string; file: string; name: string; parent: string }[]> {
  const found: { slug: string; file: string; name: string; parent: string }[] = [];
  for (const e of await entries(dir)) {
    const file = path.join(dir, e.name);
    if (e.dir) {
      if (checkSegment(problems, file, e.name)) found.push(...(await markdownFiles(problems, file, `${prefix}${e.name}/`)));
    } else if (e.name === CATEGORY_FILE) {
      found.push({ slug: prefix.replace(/\/$/, ''), file, name: e.name, parent: prefix.replace(/\/$/, '') });
    } else if (e.name.endsWith('.md')) {
      const name = e.name.slice(0, -3);
      if (checkSegment(problems, file, name)) found.push({ slug: `${prefix}${name}`, file, name, parent: prefix.replace(/\/$/, '') });
    } else {
      problems.add(file, 'only .md files belong here (images go to content/images)');
    }
  }
  return found;
}

function coverOf(problems: Problems, file: string, images: ImageCatalogue, cover: string | undefined, alt: string | undefined): ContentImage | null {
  if (!cover) return null;
  const image = images.get(cover);
  if (!image) {
    problems.add(file, `cover "${cover}": no such file in content/images`);
    return null;
  }
  return { src: image.src, alt: alt ?? '', width: image.width, height: image.height };
}

/** `<locale>.md` files of a folder with their text; another file is a problem. */
async function perLocaleFiles(problems: Problems, dir: string): Promise<[LocaleCode, string, string][]> {
  const found: [LocaleCode, string, string][] = [];
  for (const e of await entries(dir)) {
    const file = path.join(dir, e.name);
    const locale = e.name.replace(/\.md$/, '');
    if (e.name.toLowerCase() === 'readme.md') continue;
    if (e.dir || !e.name.endsWith('.md') || !isLocale(locale)) problems.add(file, `expected <locale>.md (${SUPPORTED_LOCALES.join(', ')})`);
    else found.push([locale, file, await readFile(file, 'utf8')]);
  }
  return found;
}

/** Each item's `## <id>` section rendered. */
function itemTexts(body: string, items: readonly { id: string }[], locale: LocaleCode, images: ImageCatalogue): (id: string) => string {
  const sections = splitSections(
    body,
    items.map((i) => i.id),
  );
  const html = new Map([...sections].map(([id, text]) => [id, renderMarkdown(text, { locale, images }).html]));
  return (id) => html.get(id) ?? '';
}

/** Reads, checks and renders everything under `dir`; throws one error listing every problem found. */
export async function loadContentIndex(dir: string): Promise<ContentIndex> {
  const root = path.resolve(dir);
  const problems = new Problems(root);
  const imagesDir = path.join(root, 'images');
  const images = (await problems.of(imagesDir, () => loadImages(imagesDir))) ?? new Map<string, ContentImageFile>();

  // ── Blog ──
  const categories = new Map<LocaleCode, Map<string, CategoryFile>>();
  const posts = new Map<LocaleCode, Map<string, PostFile>>();
  const blogDir = path.join(root, 'blog');
  const postFiles: { locale: LocaleCode; slug: string; file: string; parent: string }[] = [];
  for (const locale of await localeDirs(problems, blogDir)) {
    const localeCategories = new Map<string, CategoryFile>();
    categories.set(locale, localeCategories);
    posts.set(locale, new Map());
    for (const f of await markdownFiles(problems, path.join(blogDir, locale))) {
      if (f.name !== CATEGORY_FILE) {
        postFiles.push({ locale, ...f });
        continue;
      }
      if (!f.slug) {
        problems.add(f.file, `${CATEGORY_FILE} belongs in a category folder`);
        continue;
      }
      const source = await readFile(f.file, 'utf8');
      const parsed = await problems.of(f.file, async () => parseFrontMatter(source, CategoryFrontMatter));
      if (parsed) localeCategories.set(f.slug, { slug: f.slug, ...parsed.data });
    }
  }
  const categoryKnown = (slug: string) => [...categories.values()].some((m) => m.has(slug));
  for (const f of postFiles) {
    if (!f.parent) {
      problems.add(f.file, 'a post lives in a category folder (blog/<locale>/<category>/<post>.md)');
      continue;
    }
    if (!categoryKnown(f.parent)) {
      problems.add(f.file, `its category "${f.parent}" has no ${CATEGORY_FILE} (title, description, order) in any locale`);
      continue;
    }
    if (categoryKnown(f.slug)) {
      problems.add(f.file, `"${f.slug}" is both a post and a category`);
      continue;
    }
    const source = await readFile(f.file, 'utf8');
    const post = await problems.of(f.file, async () => {
      const { data, body } = parseFrontMatter(source, PostFrontMatter);
      const rendered = renderMarkdown(body, { locale: f.locale, images });
      return {
        slug: f.slug,
        category: f.parent,
        locale: f.locale,
        title: data.title,
        description: data.description,
        publishedAt: data.published,
        cover: coverOf(problems, f.file, images, data.cover, data.coverAlt),
        html: rendered.html,
        headings: rendered.headings,
        readingMinutes: readingMinutes(rendered.words),
      } satisfies PostFile;
    });
    if (post) posts.get(f.locale)?.set(post.slug, post);
  }

  // ── Docs ──
  const docs = new Map<LocaleCode, Map<string, DocsFile>>();
  const docsDir = path.join(root, 'docs');
  for (const locale of await localeDirs(problems, docsDir)) {
    const pages = new Map<string, DocsFile>();
    docs.set(locale, pages);
    for (const f of await markdownFiles(problems, path.join(docsDir, locale))) {
      if (f.name === CATEGORY_FILE) {
        problems.add(f.file, `docs have no ${CATEGORY_FILE}: a page's front matter names its section`);
        continue;
      }
      const source = await readFile(f.file, 'utf8');
      const page = await problems.of(f.file, async () => {
        const { data, body } = parseFrontMatter(source, DocsFrontMatter);
        const rendered = renderMarkdown(body, { locale, images });
        const { updated, ...rest } = data;
        return { slug: f.slug, locale, ...rest, updatedAt: updated, html: rendered.html, headings: rendered.headings } satisfies DocsFile;
      });
      if (page) pages.set(page.slug, page);
    }
    // One section, one title per locale: two spellings would show as two sections.
    const titles = new Map<number, string>();
    for (const page of pages.values()) {
      const seen = titles.get(page.sectionOrder);
      if (seen !== undefined && seen !== page.section) {
        problems.add(
          path.join(docsDir, locale, `${page.slug}.md`),
          `section "${page.section}" has sectionOrder ${page.sectionOrder}, which another page gives to section "${seen}"`,
        );
      }
      titles.set(page.sectionOrder, page.section);
    }
  }

  // ── Roadmap and FAQ: one file per locale, items in the front matter, their text in `## <id>` sections ──
  const roadmaps = new Map<LocaleCode, Roadmap>();
  for (const [locale, file, source] of await perLocaleFiles(problems, path.join(root, 'roadmap'))) {
    await problems.of(file, async () => {
      const { data, body } = parseFrontMatter(source, RoadmapFrontMatter);
      const text = itemTexts(body, data.items, locale, images);
      roadmaps.set(locale, { items: data.items.map((i) => ({ ...i, html: text(i.id) })) });
    });
  }
  const faqs = new Map<LocaleCode, Faq>();
  for (const [locale, file, source] of await perLocaleFiles(problems, path.join(root, 'faq'))) {
    await problems.of(file, async () => {
      const { data, body } = parseFrontMatter(source, FaqFrontMatter);
      const text = itemTexts(body, data.items, locale, images);
      faqs.set(locale, { items: data.items.map((i) => ({ ...i, html: text(i.id) })) });
    });
  }

  // ── Legal pages (issue 24): content/legal/<slug>/<locale>.md, each document required in the fallback locale ──
  const legal = new Map<LocaleCode, Map<LegalDocumentSlug, LegalDocument>>();
  const legalDir = path.join(root, 'legal');
  for (const e of await entries(legalDir)) {
    const dir = path.join(legalDir, e.name);
    if (e.name.toLowerCase() === 'readme.md') continue;
    if (!e.dir || !(LEGAL_DOCUMENTS as readonly string[]).includes(e.name)) {
      problems.add(dir, `expected a legal document folder (${LEGAL_DOCUMENTS.join(', ')})`);
      continue;
    }
    const slug = e.name as LegalDocumentSlug;
    for (const [locale, file, source] of await perLocaleFiles(problems, dir)) {
      await problems.of(file, async () => {
        const { data, body } = parseFrontMatter(source, LegalFrontMatter);
        const rendered = renderMarkdown(body, { locale, images });
        const doc: LegalDocument = {
          slug,
          locale,
          fallback: false,
          title: data.title,
          description: data.description,
          updatedAt: data.updated,
          html: rendered.html,
          headings: rendered.headings,
        };
        if (!legal.has(locale)) legal.set(locale, new Map());
        legal.get(locale)?.set(slug, doc);
      });
    }
  }
  if ((await entries(legalDir)).length > 0) {
    for (const slug of LEGAL_DOCUMENTS) {
      if (!legal.get(FALLBACK_LOCALE)?.has(slug))
        problems.add(path.join(legalDir, slug, `${FALLBACK_LOCALE}.md`), 'missing: every legal document needs its English text');
    }
  }

  if (problems.list.length) {
    throw new Error(`Content in ${root} cannot be indexed (content/README.md describes the format):\n  - ${problems.list.join('\n  - ')}`);
  }
  return buildIndex({ categories, posts, docs, roadmaps, faqs, legal, images });
}

interface Loaded {
  categories: Map<LocaleCode, Map<string, CategoryFile>>;
  posts: Map<LocaleCode, Map<string, PostFile>>;
  docs: Map<LocaleCode, Map<string, DocsFile>>;
  roadmaps: Map<LocaleCode, Roadmap>;
  faqs: Map<LocaleCode, Faq>;
  legal: Map<LocaleCode, Map<LegalDocumentSlug, LegalDocument>>;
  images: ImageCatalogue;
}

/** The locale's own entries, then the fallback locale's for the keys the locale lacks. */
function withFallback<T>(byLocale: Map<LocaleCode, Map<string, T>>, locale: LocaleCode): Map<string, T> {
  const merged = new Map(byLocale.get(FALLBACK_LOCALE) ?? []);
  for (const [key, value] of byLocale.get(locale) ?? []) merged.set(key, value);
  return merged;
}

interface BlogView {
  categories: BlogCategory[];
  categoryBySlug: Map<string, BlogCategory>;
  /** Newest first, then by slug. */
  summaries: BlogPostSummary[];
  postBySlug: Map<string, BlogPost>;
}

function blogView(loaded: Loaded, locale: LocaleCode): BlogView {
  const categoryFiles = withFallback(loaded.categories, locale);
  const postFiles = [...withFallback(loaded.posts, locale).values()].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug));
  const categories = [...categoryFiles.values()]
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
    .map((c) => ({ slug: c.slug, title: c.title, description: c.description, postCount: postFiles.filter((p) => p.category === c.slug).length }));
  const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
  const postBySlug = new Map<string, BlogPost>();
  const summaries = postFiles.map((p) => {
    const category = categoryBySlug.get(p.category);
    const summary: BlogPostSummary = {
      slug: p.slug,
      title: p.title,
      description: p.description,
      category: { slug: p.category, title: category?.title ?? p.category },
      publishedAt: p.publishedAt,
      readingMinutes: p.readingMinutes,
      cover: p.cover,
    };
    postBySlug.set(p.slug, { ...summary, html: p.html, headings: p.headings, locale: p.locale, fallback: p.locale !== locale });
    return summary;
  });
  return { categories, categoryBySlug, summaries, postBySlug };
}

function docsView(loaded: Loaded, locale: LocaleCode): { nav: DocsNav; pageBySlug: Map<string, DocsPage> } {
  const pages = [...withFallback(loaded.docs, locale).values()];
  const sectionTitle = new Map<number, string>();
  // A section is named in the reader's locale when any of its pages is translated.
  for (const p of pages) if (p.locale === locale || !sectionTitle.has(p.sectionOrder)) sectionTitle.set(p.sectionOrder, p.section);
  const orders = [...sectionTitle.keys()].sort((a, b) => a - b);
  const nav: DocsNav = {
    sections: orders.map((order) => ({
      title: sectionTitle.get(order) ?? '',
      pages: pages
        .filter((p) => p.sectionOrder === order)
        .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
        .map((p) => ({ slug: p.slug, title: p.title })),
    })),
  };
  const pageBySlug = new Map(
    pages.map((p) => [
      p.slug,
      {
        slug: p.slug,
        title: p.title,
        description: p.description,
        section: sectionTitle.get(p.sectionOrder) ?? p.section,
        html: p.html,
        headings: p.headings,
        locale: p.locale,
        fallback: p.locale !== locale,
        updatedAt: p.updatedAt,
      } satisfies DocsPage,
    ]),
  );
  return { nav, pageBySlug };
}

const notFound = (message: string) => ApiError.of('ERR_NOT_FOUND', message);

/** `/guides/x/` and `guides/x` are the same slug. */
const normaliseSlug = (slug: string) => slug.trim().replace(/^\/+|\/+$/g, '');

function buildIndex(loaded: Loaded): ContentIndex {
  const blog = new Map(SUPPORTED_LOCALES.map((l) => [l, blogView(loaded, l)]));
  const docs = new Map(SUPPORTED_LOCALES.map((l) => [l, docsView(loaded, l)]));
  const blogOf = (l: LocaleCode) => blog.get(l) as BlogView;
  const docsOf = (l: LocaleCode) => docs.get(l) as ReturnType<typeof docsView>;
  const allPosts = new Set([...loaded.posts.values()].flatMap((m) => [...m.keys()]));
  const allCategories = new Set([...loaded.categories.values()].flatMap((m) => [...m.keys()]));
  const allDocs = new Set([...loaded.docs.values()].flatMap((m) => [...m.keys()]));

  return {
    counts: { posts: allPosts.size, categories: allCategories.size, docs: allDocs.size, images: loaded.images.size },
    blogList(locale, { category, offset, perPage }) {
      const view = blogOf(locale);
      let items = view.summaries;
      let listed: BlogCategory | null = null;
      if (category !== undefined) {
        listed = view.categoryBySlug.get(normaliseSlug(category)) ?? null;
        if (!listed) throw notFound(`No blog category "${category}"`);
        const slug = listed.slug;
        items = items.filter((p) => p.category.slug === slug);
      }
      return { items: items.slice(offset, offset + perPage), total: items.length, offset, perPage, category: listed };
    },
    blogEntry(locale, slug) {
      const view = blogOf(locale);
      const key = normaliseSlug(slug);
      const post = view.postBySlug.get(key);
      if (post) return { kind: 'post', post };
      const category = view.categoryBySlug.get(key);
      if (category) return { kind: 'category', category };
      throw notFound(`No blog post or category "${slug}"`);
    },
    blogSidebar(locale) {
      const view = blogOf(locale);
      return { categories: view.categories, recent: view.summaries.slice(0, RECENT_POSTS) };
    },
    docsNav(locale) {
      return docsOf(locale).nav;
    },
    docsPage(locale, slug) {
      const page = docsOf(locale).pageBySlug.get(normaliseSlug(slug));
      if (!page) throw notFound(`No documentation page "${slug}"`);
      return page;
    },
    roadmap(locale) {
      return loaded.roadmaps.get(locale) ?? loaded.roadmaps.get(FALLBACK_LOCALE) ?? { items: [] };
    },
    faq(locale) {
      return loaded.faqs.get(locale) ?? loaded.faqs.get(FALLBACK_LOCALE) ?? { items: [] };
    },
    legal(locale, slug) {
      const own = loaded.legal.get(locale)?.get(slug);
      if (own) return own;
      const fallback = loaded.legal.get(FALLBACK_LOCALE)?.get(slug);
      if (!fallback) throw notFound(`No legal page "${slug}"`);
      return { ...fallback, fallback: true };
    },
    image(name) {
      return loaded.images.get(name);
    },
  };
}
