// The head of the page the shell shows (§2 SEO): the route's SEO texts once `POST /dict/seo` answers, the shell's
// own title until then. One call in Page; nothing runs on the server (effects do not run there).
import { useEffect, useRef } from 'react';
import type { PageResolution } from '../app/resolvePage';
import { useShell } from '../app/ShellContext';
import type { RouteMatch } from '../routing/routes';
import { HeadManager, type HeadTarget, type SeoRequest } from './HeadManager';

/** Pages of one visitor: not for search engines (as web's first HTML). */
const NOINDEX = /^(order-|profile-|lk$)/;

/** `POST /dict/seo` for a route: `config_id` is the route's base name, `params.page` the route's own part of the path. */
function seoRequestOf(match: RouteMatch): SeoRequest {
  const p = match.params;
  const configId = match.route.name;
  let page = '';
  if (configId === 'exchange-pair') page = p.pair.replace(/^exchange-/, '');
  else if (configId === 'blog-page') page = p.page;
  else if (configId === 'blog-slug-page') page = `${p.slug}/page${p.page}`;
  else if (configId === 'blog-slug' || configId === 'docs-slug') page = p.slug;
  return { configId, page, locale: match.locale, path: match.path, noindex: NOINDEX.test(configId) };
}

/** What the head shows for a resolution; null while the page is not decided yet (a redirect, a session loading). */
function targetOf(resolution: PageResolution, pathname: string, title: string): HeadTarget | null {
  switch (resolution.kind) {
    case 'remote':
      return { pathname, title, seo: seoRequestOf(resolution.match) };
    case 'redirect':
    case 'wait':
      return null;
    default:
      return { pathname, title };
  }
}

export function useHead(resolution: PageResolution, pathname: string, title: string): void {
  const { api } = useShell();
  const manager = useRef<HeadManager | null>(null);
  // the first document's path: its head came with the HTML (Page mounts with the document)
  const firstPathname = useRef(typeof location === 'undefined' ? '' : location.pathname);
  const target = targetOf(resolution, pathname, title);
  const kind = target ? (target.seo ? 'seo' : 'plain') : 'none';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is a function of the path, its kind and the title (a new resolution object every render)
  useEffect(() => {
    if (!target) return;
    manager.current ??= new HeadManager({
      doc: document,
      origin: location.origin,
      initialPathname: firstPathname.current,
      fetchSeo: (body) => api.seo({ body }),
    });
    manager.current.show(target);
  }, [pathname, kind, title, api]);

  useEffect(() => () => manager.current?.dispose(), []);
}
