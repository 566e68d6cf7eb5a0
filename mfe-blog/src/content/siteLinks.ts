// Links inside the site from a blog page (§2): a same-origin link in a post's HTML, the table of contents and the
// sidebar navigate client-side through host.navigate (the locale prefix is the host's to add); anything else — a
// modified click, another origin, the api's files, a new tab — is left to the browser.

/** A left click without modifier keys, not already handled. */
export function isPlainClick(e: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * The host path (no locale prefix) of a link's URL when it is a page of this site, else null: another origin, the
 * api (`/api/…`, images), or a static file.
 */
export function sitePath(url: URL, origin: string, prefix: '' | '/ru'): string | null {
  if (url.origin !== origin) return null;
  let path = url.pathname;
  if (/^\/(api|dict|assets|remotes)(\/|$)/.test(path)) return null;
  if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) path = path.slice(prefix.length) || '/';
  return `${path}${url.search}${url.hash}`;
}

/** The anchor of a click inside `container`, when it is a plain click on a link to a page of this site. */
export function sitePathOfClick(e: { target: EventTarget | null } & Parameters<typeof isPlainClick>[0], container: Element, prefix: '' | '/ru'): string | null {
  if (!isPlainClick(e) || !(e.target instanceof Element)) return null;
  const a = e.target.closest('a[href]');
  if (!(a instanceof HTMLAnchorElement) || !container.contains(a)) return null;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  return sitePath(new URL(a.href, window.location.href), window.location.origin, prefix);
}

/**
 * The click handler of a container of rendered HTML (a post, the roadmap): a plain click on a link to a page of the
 * site becomes host.navigate (no reload); the rest is left to the browser.
 */
export function siteLinkClickHandler(host: { locale: { readonly prefix: '' | '/ru' }; navigate(to: string): void }) {
  return (e: { nativeEvent: MouseEvent; currentTarget: Element; preventDefault(): void }) => {
    const to = sitePathOfClick(e.nativeEvent, e.currentTarget, host.locale.prefix);
    if (to === null) return;
    e.preventDefault();
    host.navigate(to);
  };
}
