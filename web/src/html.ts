// The HTML web sends around a page: the shell's index.html as a template, the §2 head, and the seam the
// server rendering fills (`<div id="root">` markup and the `__SSR_STATE__` payload).
import { type LocaleCode, SEO_TAG_ATTR, type SeoHeadTag } from 'shared-contracts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** JSON inside a `<script>`: `<` escaped so no `</script>` or `<!--` can end or bend the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function attrs(a: Record<string, string>): string {
  return Object.entries(a)
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
    .join('');
}

/** The head tags as HTML, each marked with SEO_TAG_ATTR so the shell's client-side updates replace exactly these. */
export function renderHeadTags(tags: readonly SeoHeadTag[]): string {
  const mark = ` ${SEO_TAG_ATTR}=""`;
  return tags
    .map((t) => {
      switch (t.tag) {
        case 'title':
          return `<title${mark}>${escapeHtml(t.text)}</title>`;
        case 'meta':
          return `<meta${attrs(t.attrs)}${mark}>`;
        case 'link':
          return `<link${attrs(t.attrs)}${mark}>`;
        case 'script':
          return `<script type="${t.type}"${mark}>${scriptJson(t.json)}</script>`;
      }
    })
    .join('\n');
}

export interface DocumentParts {
  /** HTML put before `</head>` (renderHeadTags) */
  head: string;
  /** `<html>` attributes the first paint needs */
  htmlAttrs: { lang: string; 'data-theme'?: string };
  /** server-rendered markup of `<div id="root">`; empty: the browser renders it */
  rootHtml?: string;
  /** the hydration payload (shell/src/ssr/state.ts), sent as `<script type="application/json" id="__SSR_STATE__">` */
  state?: unknown;
}

// the id shell/src/ssr/state.ts reads
const SSR_STATE_SCRIPT_ID = '__SSR_STATE__';

function stateScript(state: unknown): string {
  return state === undefined ? '' : `<script type="application/json" id="${SSR_STATE_SCRIPT_ID}">${scriptJson(state)}</script>`;
}

/** Fills the shell's index.html: its own `<title>` gives way to the page's head. */
export function renderDocument(template: string, parts: DocumentParts): string {
  let html = template.replace(/<html\b([^>]*)>/i, (_m, existing: string) => {
    const own = Object.entries(parts.htmlAttrs).filter((e): e is [string, string] => e[1] !== undefined);
    // the built template is minified: attribute values may come unquoted (`lang=en`)
    const kept = existing.replace(/\s([\w-]+)=(?:"[^"]*"|'[^']*'|[^\s"'>]+)/g, (attr, name: string) => (own.some(([k]) => k === name) ? '' : attr));
    return `<html${own.map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join('')}${kept}>`;
  });
  if (parts.head) html = html.replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/i, '');
  html = html.replace('</head>', () => `${parts.head}\n</head>`);
  const state = stateScript(parts.state);
  if (parts.rootHtml || state) html = html.replace(/<div id=(?:"root"|root)><\/div>/, () => `<div id="root">${parts.rootHtml ?? ''}</div>${state}`);
  return html;
}

const ROOT_MARK = '\u0000root\u0000';
const ROOT_CLOSE = '</div>';

/**
 * The document in two parts, for a response that sends the head before the body is rendered: `head` runs up to
 * and including `<div id="root">` (title, meta, styles, preloads: the browser starts on them at once), `tail(body)`
 * is the rest with the server-rendered markup and its state.
 */
export function splitDocument(
  template: string,
  parts: Omit<DocumentParts, 'rootHtml' | 'state'>,
): { head: string; tail: (body?: Pick<DocumentParts, 'rootHtml' | 'state'>) => string } {
  const whole = renderDocument(template, { ...parts, rootHtml: ROOT_MARK });
  const at = whole.indexOf(ROOT_MARK);
  // a template without the root element: nothing to fill, the whole document goes at once
  if (at < 0) return { head: whole, tail: () => '' };
  const after = whole.slice(at + ROOT_MARK.length + ROOT_CLOSE.length);
  return { head: whole.slice(0, at), tail: (body) => `${body?.rootHtml ?? ''}${ROOT_CLOSE}${stateScript(body?.state)}${after}` };
}

/**
 * The site font's subsets a page in each language preloads (issue 25). English: Latin. Russian: Latin and Cyrillic,
 * both on the first screen (the words are Cyrillic; digits, amounts and coin codes are in the Latin subset).
 */
const FONT_PRELOAD_SUBSETS: Record<LocaleCode, readonly string[]> = { en: ['latin'], ru: ['latin', 'cyrillic'] };

/**
 * The template's font preloads (`<link rel="preload" … data-font-subset="…">`, written by the build's
 * FontPreloadPlugin) that a page in `locale` needs, the others left out: a preload the page never uses costs its
 * bytes and a console warning.
 */
export function keepFontPreloads(html: string, locale: LocaleCode): string {
  const keep = FONT_PRELOAD_SUBSETS[locale];
  return html.replace(/<link\b[^>]*\sdata-font-subset=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))[^>]*>\s*/gi, (tag, a?: string, b?: string, c?: string) =>
    keep.includes(a ?? b ?? c ?? '') ? tag : '',
  );
}

/** A stylesheet inlined in the head; `data-href` lets mini-css-extract's runtime see it is there and not load it again. */
export function styleTag(href: string, css: string): string {
  return `<style data-href="${escapeHtml(href)}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/** The template's `<link rel="stylesheet">`s whose text `cssOf` knows, inlined as styleTag. */
export function inlineStylesheets(html: string, cssOf: (href: string) => string | undefined): string {
  return html.replace(/<link\b[^>]*>/gi, (tag) => {
    if (!/\srel=(?:"stylesheet"|'stylesheet'|stylesheet)(?=[\s>])/i.test(tag)) return tag;
    const m = /\shref=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
    const href = m?.[1] ?? m?.[2] ?? m?.[3];
    const css = href ? cssOf(href) : undefined;
    return href && css !== undefined ? styleTag(href, css) : tag;
  });
}
