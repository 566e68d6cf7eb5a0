// The shell's half of the page-map contract (shared-contracts/src/pageMap.ts): every sample path of every
// page matches a route of this table to that remote and page, with exactly the sample's params. Each
// remote's tests render its pages with the same samples, so a param renamed on one side fails a test.
import { PAGE_MAP, pageNames, pageSamples, type RemoteName } from 'shared-contracts';
import { BASE_ROUTES, matchRoute, type RouteDef } from './routes';

const remotes = Object.keys(PAGE_MAP) as RemoteName[];
const samples = remotes.flatMap((remote) => pageSamples(remote).map((s) => ({ remote, ...s })));

describe('route table against the page map', () => {
  const localised = (prefix: '' | '/ru', path: string) => (prefix && path === '/' ? prefix : `${prefix}${path}`);
  const cases = samples.flatMap((s) => (['', '/ru'] as const).map((prefix) => [localised(prefix, s.path), s] as const));

  it.each(cases)('%s → the sample page with the sample params', (path, sample) => {
    const m = matchRoute(path);
    expect(m && { remote: m.route.remote, page: m.route.page, params: m.params, valid: m.valid }).toEqual({
      remote: sample.remote,
      page: sample.page,
      params: sample.params,
      valid: true,
    });
  });

  it('every route of the table has a sample path', () => {
    const sampled = new Set(samples.map((s) => matchRoute(s.path)?.route.name));
    expect(BASE_ROUTES.map((r) => r.name).filter((name) => !sampled.has(name))).toEqual([]);
  });

  it('every page of the page map has a route', () => {
    const routed = new Set(BASE_ROUTES.map((r) => `${r.remote}.${r.page}`));
    const pages = remotes.flatMap((remote) => pageNames(remote).map((page) => `${remote}.${page}`));
    expect(pages.filter((p) => !routed.has(p))).toEqual([]);
  });

  it('a route giving its page a param the page does not have does not compile', () => {
    const route = {
      name: 'blog-page',
      remote: 'mfe_blog',
      page: 'Blog',
      layout: 'blog-sidebar',
      titleKey: 'titles.blog',
      pattern: /^\/blog\/page(\d+)$/,
    } as const;
    // @ts-expect-error Blog's param is `page` (the bug of /blog/page2 was this name)
    const wrongKey: RouteDef = { ...route, keys: ['number'] };
    // @ts-expect-error a derived param must be one of the page's too
    const wrongDerived: RouteDef = { ...route, derive: () => ({ number: '2' }) };
    expect([wrongKey, wrongDerived]).toHaveLength(2);
  });
});
