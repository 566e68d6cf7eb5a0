// The page map (DESIGN.md Module Federation rule 8): for each remote, the pages its `./pages` module
// exports, each page's route params and the query keys it reads. The shell's route table is typed against
// it (shell/src/routing/routes.ts), each remote's `pages` export `satisfies` its entry, and a remote reads
// its params through `pageParams`. `samples` are the other half of the runtime contract: the shell's
// tests match every sample path with its own matcher and expect exactly these params; each remote's tests
// render the page with them. A param renamed on either side fails one of the two. `paths` are the page's own
// addresses, from which `pagePath` builds a link to it (remotes never spell a page's URL by hand).
import type { RemoteName } from '../remotes.cjs';
import type { HostRoute, RemotePage } from './host';
import type { ApiClient } from './client';
import type { LocaleCode } from './constants';

/** A route param that every route of the page provides, or one that only some of them do. */
export type ParamPresence = 'required' | 'optional';

export interface PageSample {
  /** A path without locale prefix that the shell's route table maps to this page. */
  path: string;
  /** Exactly the params the shell's matcher produces for `path`. */
  params: Readonly<Record<string, string>>;
}

export interface PageSpec {
  params: Readonly<Record<string, ParamPresence>>;
  /**
   * The page's canonical paths (no locale prefix), most specific first: `{name}` is a param, percent-encoded;
   * `{name*}` one that may span segments (each segment encoded). `pagePath` takes the first whose params are all given.
   */
  paths: readonly string[];
  query: readonly string[];
  samples: readonly PageSample[];
}

const NO_PARAMS = {} as const;
const NO_QUERY = [] as const;

export const PAGE_MAP = {
  mfe_exchange: {
    Home: {
      params: NO_PARAMS,
      paths: ['/'],
      // §2 query sync of the exchange form, and the index redirect (`ref` is the default partner param).
      query: ['send', 'receive', 'amount', 'cur_from', 'cur_to', 'ref'],
      samples: [{ path: '/', params: {} }],
    },
    ExchangePair: {
      params: { pair: 'required', from: 'required', to: 'required' },
      paths: ['/exchange-{from}-{to}'],
      query: ['amount', 'ref'],
      samples: [{ path: '/exchange-btc-eth', params: { pair: 'exchange-btc-eth', from: 'btc', to: 'eth' } }],
    },
    PopularExchanges: { params: NO_PARAMS, paths: ['/popular-exchanges'], query: NO_QUERY, samples: [{ path: '/popular-exchanges', params: {} }] },
  },
  mfe_order: {
    Order: {
      params: { id: 'required' },
      paths: ['/order/{id}'],
      query: ['destinationAddress'],
      samples: [
        { path: '/order/abc123', params: { id: 'abc123' } },
        { path: '/order/pending', params: { id: 'pending' } },
      ],
    },
  },
  mfe_profile: {
    ProfileInfo: {
      params: NO_PARAMS,
      paths: ['/profile/info'],
      query: NO_QUERY,
      samples: [
        { path: '/profile/info', params: {} },
        { path: '/lk', params: {} },
      ],
    },
    ProfileHistory: { params: NO_PARAMS, paths: ['/profile/history'], query: ['page'], samples: [{ path: '/profile/history', params: {} }] },
    ProfileWallet: { params: NO_PARAMS, paths: ['/profile/wallet'], query: NO_QUERY, samples: [{ path: '/profile/wallet', params: {} }] },
    ProfileWithdraw: { params: NO_PARAMS, paths: ['/profile/withdraw'], query: NO_QUERY, samples: [{ path: '/profile/withdraw', params: {} }] },
    ProfileAffiliate: {
      params: NO_PARAMS,
      paths: ['/profile/affiliate-program'],
      query: NO_QUERY,
      samples: [{ path: '/profile/affiliate-program', params: {} }],
    },
    ProfileCashback: { params: NO_PARAMS, paths: ['/profile/cashback'], query: NO_QUERY, samples: [{ path: '/profile/cashback', params: {} }] },
    ProfileKeys: { params: NO_PARAMS, paths: ['/profile/keys'], query: NO_QUERY, samples: [{ path: '/profile/keys', params: {} }] },
    ProfileVerification: { params: NO_PARAMS, paths: ['/profile/verification'], query: NO_QUERY, samples: [{ path: '/profile/verification', params: {} }] },
    /** Issue 12: the admin review of identity verifications (ADMIN permission, §6). */
    ProfileAdminVerifications: {
      params: NO_PARAMS,
      paths: ['/profile/admin/verifications'],
      query: NO_QUERY,
      samples: [{ path: '/profile/admin/verifications', params: {} }],
    },
  },
  mfe_blog: {
    /** `/blog` and `/blog/page{page}` (§2). */
    Blog: {
      params: { page: 'optional' },
      paths: ['/blog/page{page}', '/blog'],
      query: NO_QUERY,
      samples: [
        { path: '/blog', params: {} },
        { path: '/blog/page2', params: { page: '2' } },
      ],
    },
    /** `/blog/{slug}` (a post or a category) and `/blog/{slug}/page{page}` (a category's list). */
    BlogPost: {
      params: { slug: 'required', page: 'optional' },
      paths: ['/blog/{slug*}/page{page}', '/blog/{slug*}'],
      query: NO_QUERY,
      samples: [
        { path: '/blog/news/how-to-buy', params: { slug: 'news/how-to-buy' } },
        { path: '/blog/news/page2', params: { slug: 'news', page: '2' } },
      ],
    },
    Roadmap: { params: NO_PARAMS, paths: ['/roadmap'], query: NO_QUERY, samples: [{ path: '/roadmap', params: {} }] },
    Support: { params: NO_PARAMS, paths: ['/support'], query: NO_QUERY, samples: [{ path: '/support', params: {} }] },
    /** `/status`: the public status page (health now, 90 days of history, incidents). */
    Status: { params: NO_PARAMS, paths: ['/status'], query: NO_QUERY, samples: [{ path: '/status', params: {} }] },
    /** Issue 24: `/terms`, `/privacy`, `/aml-kyc`, the legal pages (`slug` is one of LEGAL_DOCUMENTS). */
    Legal: {
      params: { slug: 'required' },
      paths: ['/{slug}'],
      query: NO_QUERY,
      samples: [
        { path: '/terms', params: { slug: 'terms' } },
        { path: '/privacy', params: { slug: 'privacy' } },
        { path: '/aml-kyc', params: { slug: 'aml-kyc' } },
      ],
    },
  },
  mfe_docs: {
    Docs: { params: NO_PARAMS, paths: ['/docs'], query: NO_QUERY, samples: [{ path: '/docs', params: {} }] },
    DocsPage: {
      params: { slug: 'required' },
      paths: ['/docs/{slug*}'],
      query: NO_QUERY,
      samples: [{ path: '/docs/api/orders', params: { slug: 'api/orders' } }],
    },
  },
} as const satisfies Record<RemoteName, Record<string, PageSpec>>;

export type PageMap = typeof PAGE_MAP;
export type PageName<R extends RemoteName> = keyof PageMap[R] & string;

type SpecOf<R extends RemoteName, P extends PageName<R>> = PageMap[R][P] extends PageSpec ? PageMap[R][P] : never;
type ParamsSpec<R extends RemoteName, P extends PageName<R>> = SpecOf<R, P>['params'];

export type PageParamName<R extends RemoteName, P extends PageName<R>> = keyof ParamsSpec<R, P> & string;

/** The route params a page receives: required ones always, optional ones on some of its routes. */
export type PageParams<R extends RemoteName, P extends PageName<R>> = {
  readonly [K in PageParamName<R, P> as ParamsSpec<R, P>[K] extends 'required' ? K : never]: string;
} & {
  readonly [K in PageParamName<R, P> as ParamsSpec<R, P>[K] extends 'optional' ? K : never]?: string;
};

export type PageQueryKey<R extends RemoteName, P extends PageName<R>> = SpecOf<R, P>['query'][number];

/** The query values a page reads (a key absent from the URL is absent here). */
export type PageQuery<R extends RemoteName, P extends PageName<R>> = { readonly [K in PageQueryKey<R, P>]?: string };

/** What a remote's `./pages` module exports for its entry: every page, no other. */
export type RemotePagesOf<R extends RemoteName> = { readonly [P in PageName<R>]: RemotePage };

/**
 * The data a page's first view needs, fetched by the server before it renders the page (DESIGN "Server rendering"):
 * `api` is bound to the visitor's request (cookies forwarded). The result must be JSON: it travels in the HTML and
 * reaches the page as `host.initialData` on the server and again on hydration. Render code must not fetch it twice.
 */
export interface PageLoaderContext<R extends RemoteName, P extends PageName<R>> {
  params: PageParams<R, P>;
  query: URLSearchParams;
  api: ApiClient;
  locale: LocaleCode;
}
export type PageLoader<R extends RemoteName, P extends PageName<R>> = (context: PageLoaderContext<R, P>) => Promise<unknown>;

/** A remote's optional `loaders` export: a loader for some of its pages. */
export type RemoteLoadersOf<R extends RemoteName> = { readonly [P in PageName<R>]?: PageLoader<R, P> };

export function pageNames<R extends RemoteName>(remote: R): PageName<R>[] {
  return Object.keys(PAGE_MAP[remote]) as PageName<R>[];
}

function specOf(remote: RemoteName, page: string): PageSpec {
  return (PAGE_MAP[remote] as Record<string, PageSpec>)[page];
}

/** A page's params, typed from the page map: `pageParams(host.route, 'mfe_blog', 'Blog').page`. */
export function pageParams<R extends RemoteName, P extends PageName<R>>(route: Pick<HostRoute, 'params'>, remote: R, page: P): PageParams<R, P> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(specOf(remote, page).params)) {
    const value = route.params[key];
    if (value !== undefined) params[key] = value;
  }
  return params as PageParams<R, P>;
}

/** A page's query values, typed from the page map (the first value of a repeated key). */
export function pageQuery<R extends RemoteName, P extends PageName<R>>(route: Pick<HostRoute, 'query'>, remote: R, page: P): PageQuery<R, P> {
  const query: Record<string, string> = {};
  for (const key of specOf(remote, page).query) {
    const value = route.query.get(key);
    if (value !== null) query[key] = value;
  }
  return query as PageQuery<R, P>;
}

type PathTemplate<R extends RemoteName, P extends PageName<R>> = SpecOf<R, P>['paths'][number];
type Placeholder<T> = T extends `${string}{${infer K}}${infer Rest}` ? (K extends `${infer Name}*` ? Name : K) | Placeholder<Rest> : never;
type PathParamName<R extends RemoteName, P extends PageName<R>> = Placeholder<PathTemplate<R, P>>;
/** The templates of a page's paths that lack param K (never: every path of the page has it). */
type PathsWithout<K, T> = T extends string ? (K extends Placeholder<T> ? never : T) : never;
type RequiredPathParam<R extends RemoteName, P extends PageName<R>> = {
  [K in PathParamName<R, P>]: [PathsWithout<K, PathTemplate<R, P>>] extends [never] ? K : never;
}[PathParamName<R, P>];

/** The params `pagePath` fills in: those every path of the page has are required, the others pick a more specific path. */
export type PagePathParams<R extends RemoteName, P extends PageName<R>> = { readonly [K in RequiredPathParam<R, P>]: string | number } & {
  readonly [K in Exclude<PathParamName<R, P>, RequiredPathParam<R, P>>]?: string | number;
};
/** The query of a link to a page: the keys the page reads (an undefined value is left out). */
export type PagePathQuery<R extends RemoteName, P extends PageName<R>> = { readonly [K in PageQueryKey<R, P>]?: string | number };
type PagePathArgs<R extends RemoteName, P extends PageName<R>> = [RequiredPathParam<R, P>] extends [never]
  ? [params?: PagePathParams<R, P>, query?: PagePathQuery<R, P>]
  : [params: PagePathParams<R, P>, query?: PagePathQuery<R, P>];

const PLACEHOLDER = /\{(\w+)(\*?)\}/g;

/**
 * A link to a page, without locale prefix (the host's Link and navigate add it), built from the page map:
 * `pagePath('mfe_order', 'Order', { id }, { destinationAddress })` is `/order/{id}?destinationAddress=…`. A remote,
 * page, param or query key the page map does not have is a type error.
 */
export function pagePath<R extends RemoteName, P extends PageName<R>>(remote: R, page: P, ...[params, query]: PagePathArgs<R, P>): string {
  const values: Readonly<Record<string, string | number | undefined>> = params ?? {};
  const template = specOf(remote, page).paths.find((t) => [...t.matchAll(PLACEHOLDER)].every(([, name]) => values[name] !== undefined));
  if (template === undefined) throw new Error(`pagePath: ${remote} ${page} needs the params of one of ${specOf(remote, page).paths.join(', ')}`);
  const path = template.replace(PLACEHOLDER, (_, name: string, spans: string) => {
    const value = String(values[name]);
    return spans ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const search = Object.entries<string | number | undefined>(query ?? {})
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** Every sample of a remote's pages, for its route-contract test. */
export function pageSamples<R extends RemoteName>(remote: R): { page: PageName<R>; path: string; params: Readonly<Record<string, string>> }[] {
  return pageNames(remote).flatMap((page) => specOf(remote, page).samples.map((s) => ({ page, path: s.path, params: s.params })));
}
