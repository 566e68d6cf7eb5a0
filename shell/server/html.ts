// The HTML web sends around a page: the shell's index.html as a template, the §2 head, and the seam the
// server rendering fills (`<div id="root">` markup and the `__SSR_STATE__` payload).
import { SEO_TAG_ATTR, type SeoHeadTag } from 'shared-contracts';

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
  const state = parts.state === undefined ? '' : `<script type="application/json" id="${SSR_STATE_SCRIPT_ID}">${scriptJson(parts.state)}</script>`;
  if (parts.rootHtml || state) html = html.replace(/<div id=(?:"root"|root)><\/div>/, () => `<div id="root">${parts.rootHtml ?? ''}</div>${state}`);
  return html;
}
