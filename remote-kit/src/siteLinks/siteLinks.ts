// Links inside the site from a remote's page (§2): a same-origin link in rendered HTML (a post, the roadmap, a docs
// page), a table of contents or a sidebar navigates client-side through host.navigate (the locale prefix is the host's
// to add); anything else — a modified click, another origin, the api's files, a new tab, a download — is left to the
// browser. One copy for the blog and the docs (issue 26), where two had drifted apart: the stricter rule of each is
// kept (the blog's list of non-page paths, the docs' refusal of a bare `#` and of an href that is no URL).

type HostPrefix = '' | '/ru';

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
export function sitePath(url: URL, origin: string, prefix: HostPrefix): string | null {
  if (url.origin !== origin) return null;
  let path = url.pathname;
  if (/^\/(api|dict|assets|remotes)(\/|$)/.test(path)) return null;
  if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) path = path.slice(prefix.length) || '/';
  return `${path}${url.search}${url.hash}`;
}

/**
 * The host path a link leads to from the page at `pageUrl` (a heading anchor `#id` stays on that page), or null when
 * the browser follows it itself: a new tab, a download, a bare `#`, an href that is no URL, or not a page of the site.
 */
export function siteLinkTarget(anchor: HTMLAnchorElement, pageUrl: string, prefix: HostPrefix): string | null {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const href = anchor.getAttribute('href');
  if (!href || href === '#') return null;
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return null;
  }
  return sitePath(url, new URL(pageUrl).origin, prefix);
}

/** The host path of a click inside `container`, when it is a plain click on a link to a page of this site. */
export function sitePathOfClick(e: { target: EventTarget | null } & Parameters<typeof isPlainClick>[0], container: Element, prefix: HostPrefix): string | null {
  if (!isPlainClick(e) || !(e.target instanceof Element)) return null;
  const a = e.target.closest('a[href]');
  if (!(a instanceof HTMLAnchorElement) || !container.contains(a)) return null;
  return siteLinkTarget(a, window.location.href, prefix);
}

/**
 * The click handler of a container of rendered HTML (a post, the roadmap, a docs page): a plain click on a link to a
 * page of the site becomes host.navigate (no reload); the rest is left to the browser.
 */
export function siteLinkClickHandler(host: { locale: { readonly prefix: HostPrefix }; navigate(to: string): void }) {
  return (e: { nativeEvent: MouseEvent; currentTarget: Element; preventDefault(): void }) => {
    const to = sitePathOfClick(e.nativeEvent, e.currentTarget, host.locale.prefix);
    if (to === null) return;
    e.preventDefault();
    host.navigate(to);
  };
}
