// `POST /dict/seo` for a route (§2 SEO), the one rule web's first HTML (web/src/document.ts) and client
// navigation (useHead) both follow: `config_id` is the route's base name, `params.page` the route's own part of the path.
import type { RouteMatch } from '../routing/routes';
import type { SeoRequest } from './HeadManager';

/** Pages of one visitor: not for search engines. */
const NOINDEX = /^(order-|profile-|lk$)/;

export function seoRequestOf(match: RouteMatch): SeoRequest {
  const p = match.params;
  const configId = match.route.name;
  let page = '';
  if (configId === 'exchange-pair') page = p.pair.replace(/^exchange-/, '');
  else if (configId === 'blog-page') page = p.page;
  else if (configId === 'blog-slug-page') page = `${p.slug}/page${p.page}`;
  else if (configId === 'blog-slug' || configId === 'docs-slug') page = p.slug;
  return { configId, page, locale: match.locale, path: match.path, noindex: NOINDEX.test(configId) };
}
