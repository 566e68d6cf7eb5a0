// Links inside the rendered docs HTML (§2: site links navigate client-side; the content service writes them with the
// page's locale prefix, e.g. `/ru/docs/orders`). Returns the path for `host.navigate` (no locale prefix), or null
// when the browser should follow the link itself (another site, an API file, a new tab, a download).
export function internalTargetOf(anchor: HTMLAnchorElement, page: { origin: string; prefix: string; path: string }): string | null {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const raw = anchor.getAttribute('href');
  if (!raw) return null;
  if (raw.startsWith('#')) return raw.length > 1 ? `${page.path}${raw}` : null;
  let url: URL;
  try {
    url = new URL(raw, `${page.origin}${page.prefix}${page.path}`);
  } catch {
    return null;
  }
  if (url.origin !== page.origin || url.pathname.startsWith('/api/')) return null;
  let path = url.pathname;
  if (page.prefix && (path === page.prefix || path.startsWith(`${page.prefix}/`))) path = path.slice(page.prefix.length) || '/';
  return `${path}${url.search}${url.hash}`;
}

/** A plain left click: modified clicks (new tab, new window, download) stay the browser's. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
