// Markdown → safe HTML for the content service (§2 "blog and docs content comes from a blog service"). markdown-it
// renders CommonMark with tables and fenced code; raw HTML in the source is never rendered (`html: false` prints it as
// text); sanitize-html is the final gate, so whatever the renderer lets through, no script, event handler or
// javascript:/data:/vbscript: URL reaches a page. Headings get ids the §2 hash scroll lands on (Unicode letters kept,
// so Cyrillic headings give readable anchors); images get their file's dimensions (no layout shift) and load lazily;
// root-relative site links get the locale prefix; external links open no window reference to this site.
import MarkdownIt, { type MarkdownIt as Markdown } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import sanitizeHtml from 'sanitize-html';
import type { ContentHeading, LocaleCode as ContentLocale } from 'shared-contracts/server';
import type { ImageCatalogue } from './images';

/** The path the content images are served at (the contract's contentImage route). */
export const CONTENT_IMAGE_PATH = '/api/v1/content/images/';

/** A Markdown file's mistake an editor must fix; the api refuses to start with it (the loader names the file). */
export class ContentError extends Error {}

/**
 * A heading's anchor: lower case, letters (any script) and digits kept, everything else one hyphen.
 * `Как работают подтверждения?` → `как-работают-подтверждения`; the scroll store decodes the URL's hash.
 */
export function headingSlug(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

export interface RenderOptions {
  locale: ContentLocale;
  images: ImageCatalogue;
}

export interface RenderedMarkdown {
  html: string;
  headings: ContentHeading[];
  /** Words of the text (code included), for the reading time. */
  words: number;
}

/** Element ids of the page around the text (the shell's main landmark): a heading never takes one. */
const PAGE_IDS = ['main-content'];

/** Root-relative links that are not site pages: left as written on every locale. */
const NOT_A_PAGE = /^\/(api|dict|ws|\.well-known)(\/|$)/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A site link as the reader's locale needs it: `/docs/orders` on a ru page is `/ru/docs/orders`. */
export function localiseHref(href: string, locale: ContentLocale): string {
  if (locale === 'en' || !href.startsWith('/') || href.startsWith('//') || NOT_A_PAGE.test(href)) return href;
  if (href === `/${locale}` || href.startsWith(`/${locale}/`) || href.startsWith(`/${locale}?`) || href.startsWith(`/${locale}#`)) return href;
  return href === '/' ? `/${locale}` : `/${locale}${href}`;
}

const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpg|webp)$/;

/** `name.svg`, `images/name.svg` or `../../images/name.svg` (so a Git preview shows it too) → `name.svg`. */
function imageNameOf(src: string): string | null {
  const match = /^(?:(?:\.\.?\/)*images\/)?([^/]+)$/.exec(src);
  return match && IMAGE_NAME.test(match[1]) ? match[1] : null;
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    's',
    'del',
    'br',
    'hr',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    code: ['class'],
    div: ['class', 'tabindex'],
    pre: ['tabindex'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedClasses: { code: ['language-*'], div: ['content-table'] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Dropped with their text: nothing of a script or style element is ever shown.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
};

/** The final gate every rendered page passes: an allow-list of tags, attributes and URL schemes. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

interface RenderEnv {
  options: RenderOptions;
  headings: ContentHeading[];
}
/** markdown-it passes the env given to render() to every rule. */
const renderEnv = (env: unknown) => env as RenderEnv;
const attr = (token: { attrGet(name: string): string | number | null }, name: string) => String(token.attrGet(name) ?? '');

function createMarkdown(): Markdown {
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
  md.use(anchor, {
    level: [1, 2, 3, 4, 5, 6],
    slugify: headingSlug,
    tabIndex: false,
    callback: (token, info) => {
      // The callback has no env; the heading is recorded on the token and collected by the core rule below.
      token.meta = { ...token.meta, anchor: info };
    },
  });
  // Headings in document order, after the anchor rule gave each a unique id.
  md.core.ruler.push('content_headings', (state) => {
    const env = renderEnv(state.env);
    for (const token of state.tokens) {
      const info = token.meta?.anchor as { slug: string; title: string } | undefined;
      if (token.type === 'heading_open' && info) env.headings.push({ id: info.slug, text: info.title, level: Number(token.tag.slice(1)) });
    }
  });

  const renderToken = md.renderer.renderToken.bind(md.renderer);
  md.renderer.rules.link_open = (tokens, idx, options, env) => {
    const token = tokens[idx];
    const href = attr(token, 'href');
    if (/^https?:\/\//i.test(href) || href.startsWith('//')) token.attrSet('rel', 'noopener noreferrer');
    else if (!HAS_SCHEME.test(href)) token.attrSet('href', localiseHref(href, renderEnv(env).options.locale));
    return renderToken(tokens, idx, options);
  };
  md.renderer.rules.image = (tokens, idx, options, env) => {
    const token = tokens[idx];
    const src = attr(token, 'src');
    const name = imageNameOf(src);
    const image = name ? renderEnv(env).options.images.get(name) : undefined;
    if (!name) throw new ContentError(`image "${src}": write the name of a file in content/images (lowercase, digits, hyphens; .svg, .png, .jpg, .webp)`);
    if (!image) throw new ContentError(`image "${src}": no such file in content/images`);
    const alt = md.renderer.renderInlineAsText(token.children ?? [], options, env);
    const title = attr(token, 'title');
    const attrs: [string, string][] = [
      ['src', image.src],
      ['alt', alt],
      ['width', String(image.width)],
      ['height', String(image.height)],
      ['loading', 'lazy'],
      ['decoding', 'async'],
    ];
    if (title) attrs.push(['title', title]);
    return `<img ${attrs.map(([k, v]) => `${k}="${md.utils.escapeHtml(v)}"`).join(' ')}>`;
  };
  // A long code line scrolls inside its block: focusable, so a keyboard can scroll it too.
  for (const rule of ['fence', 'code_block'] as const) {
    const render = md.renderer.rules[rule];
    if (!render) continue;
    md.renderer.rules[rule] = (...args) => render(...args).replace(/^<pre>/, '<pre tabindex="0">');
  }
  // Wide tables scroll inside their own box on a narrow screen (the box is focusable so a keyboard can scroll it).
  md.renderer.rules.table_open = () => '<div class="content-table" tabindex="0"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

const markdown = createMarkdown();

function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Renders one Markdown text; throws ContentError for an editor's mistake (an image that is not in content/images). */
export function renderMarkdown(source: string, options: RenderOptions): RenderedMarkdown {
  // markdown-it-anchor keeps the ids it gave in env; the page's own ids are taken already (`-1` is appended).
  const taken = { slugs: Object.fromEntries(PAGE_IDS.map((id) => [id, true])) };
  const env: RenderEnv & { markdownItAnchor: typeof taken } = { options, headings: [], markdownItAnchor: taken };
  const html = sanitizeContentHtml(markdown.render(source, env as unknown as Record<string, unknown>));
  return { html, headings: env.headings, words: countWords(html.replace(/<[^>]*>/g, ' ')) };
}

/** Whole minutes at ~200 words a minute, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 200));
}
