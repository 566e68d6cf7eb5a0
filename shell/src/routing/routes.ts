// Spec §2: every route in English (no prefix) and Russian (/ru), names `<name>___en` / `<name>___ru`.
// Matching is our own (`/exchange-{from}-{to}` is matched inside one segment); router.ts provides the history,
// RouterProvider.tsx the links, ScrollStore the scroll restoration. Each route is typed against the page map of
// shared-contracts: its page exists in its remote, and its keys and derived params are that page's params.
import {
  parsePairSegment,
  type LegalDocumentSlug,
  type LocaleCode,
  type PageName,
  type PageParamName,
  type PageParams,
  type RemoteName,
} from 'shared-contracts';

export type LayoutName = 'default' | 'non-working' | 'blog-sidebar' | 'docs-sidebar';

interface PageRouteDef<R extends RemoteName, P extends PageName<R>> {
  /** base name without the locale suffix */
  name: string;
  remote: R;
  page: P;
  layout: LayoutName;
  /** key in the `shell` namespace */
  titleKey: string;
  /** path regex (without locale prefix) */
  pattern: RegExp;
  /** names of the regex groups, in order: params of the page */
  keys?: readonly PageParamName<R, P>[];
  /** extra params of the page derived from the matched ones */
  derive?: (params: Record<string, string>) => Partial<PageParams<R, P>>;
  /** §2 validity rule; failing it is a 404 "Page Not Found: {path}" */
  validate?: (params: Record<string, string>) => boolean;
  /** route middleware of §2; `lk-redirect` is decided by routing/lkRedirect.ts */
  middleware?: 'lk-redirect';
}

/** A route to one page of one remote (a union over the page map, so a wrong page or param does not compile). */
export type RouteDef = { [R in RemoteName]: { [P in PageName<R>]: PageRouteDef<R, P> }[PageName<R>] }[RemoteName];

const positiveInt = (v: string | undefined) => !!v && /^[1-9]\d*$/.test(v);

const profile = (slug: string, page: PageName<'mfe_profile'>): RouteDef => ({
  name: `profile-${slug}`,
  remote: 'mfe_profile',
  page,
  layout: 'default',
  titleKey: `titles.profile-${slug}`,
  pattern: new RegExp(`^/profile/${slug}$`),
  middleware: 'lk-redirect',
});

/** Issue 24: a legal page at `/<slug>` (shared-contracts LEGAL_DOCUMENTS). */
const legal = (slug: LegalDocumentSlug): RouteDef => ({
  name: slug,
  remote: 'mfe_blog',
  page: 'Legal',
  layout: 'default',
  titleKey: `titles.${slug}`,
  pattern: new RegExp(`^/${slug}$`),
  derive: () => ({ slug }),
});

export const BASE_ROUTES: readonly RouteDef[] = [
  { name: 'index', remote: 'mfe_exchange', page: 'Home', layout: 'default', titleKey: 'titles.index', pattern: /^\/$/ },
  {
    name: 'exchange-pair',
    remote: 'mfe_exchange',
    page: 'ExchangePair',
    layout: 'default',
    titleKey: 'titles.exchange-pair',
    pattern: /^\/(exchange-[^/]+)$/,
    keys: ['pair'],
    validate: (p) => parsePairSegment(p.pair) !== null,
    derive: (p) => parsePairSegment(p.pair) ?? {},
  },
  {
    name: 'order-pending',
    remote: 'mfe_order',
    page: 'Order',
    layout: 'default',
    titleKey: 'titles.order-pending',
    pattern: /^\/order\/pending$/,
    derive: () => ({ id: 'pending' }),
  },
  { name: 'order-id', remote: 'mfe_order', page: 'Order', layout: 'default', titleKey: 'titles.order-id', pattern: /^\/order\/([^/]+)$/, keys: ['id'] },
  {
    name: 'popular-exchanges',
    remote: 'mfe_exchange',
    page: 'PopularExchanges',
    layout: 'default',
    titleKey: 'titles.popular-exchanges',
    pattern: /^\/popular-exchanges$/,
  },
  { name: 'lk', remote: 'mfe_profile', page: 'ProfileInfo', layout: 'default', titleKey: 'titles.profile-info', pattern: /^\/lk$/, middleware: 'lk-redirect' },
  {
    name: 'profile-admin-verifications',
    remote: 'mfe_profile',
    page: 'ProfileAdminVerifications',
    layout: 'default',
    titleKey: 'titles.profile-admin-verifications',
    pattern: /^\/profile\/admin\/verifications$/,
    middleware: 'lk-redirect',
  },
  profile('affiliate-program', 'ProfileAffiliate'),
  profile('cashback', 'ProfileCashback'),
  profile('history', 'ProfileHistory'),
  profile('info', 'ProfileInfo'),
  profile('keys', 'ProfileKeys'),
  profile('verification', 'ProfileVerification'),
  profile('wallet', 'ProfileWallet'),
  profile('withdraw', 'ProfileWithdraw'),
  { name: 'blog', remote: 'mfe_blog', page: 'Blog', layout: 'blog-sidebar', titleKey: 'titles.blog', pattern: /^\/blog$/ },
  {
    name: 'blog-page',
    remote: 'mfe_blog',
    page: 'Blog',
    layout: 'blog-sidebar',
    titleKey: 'titles.blog',
    pattern: /^\/blog\/page(\d[^/]*|-[^/]*)$/,
    keys: ['page'],
    validate: (p) => positiveInt(p.page),
  },
  {
    name: 'blog-slug-page',
    remote: 'mfe_blog',
    page: 'BlogPost',
    layout: 'blog-sidebar',
    titleKey: 'titles.blog-slug',
    pattern: /^\/blog\/(.+)\/page(\d[^/]*|-[^/]*)$/,
    keys: ['slug', 'page'],
    validate: (p) => positiveInt(p.page),
  },
  { name: 'blog-slug', remote: 'mfe_blog', page: 'BlogPost', layout: 'blog-sidebar', titleKey: 'titles.blog-slug', pattern: /^\/blog\/(.+)$/, keys: ['slug'] },
  { name: 'docs', remote: 'mfe_docs', page: 'Docs', layout: 'docs-sidebar', titleKey: 'titles.docs', pattern: /^\/docs$/ },
  { name: 'docs-slug', remote: 'mfe_docs', page: 'DocsPage', layout: 'docs-sidebar', titleKey: 'titles.docs-slug', pattern: /^\/docs\/(.+)$/, keys: ['slug'] },
  { name: 'roadmap', remote: 'mfe_blog', page: 'Roadmap', layout: 'default', titleKey: 'titles.roadmap', pattern: /^\/roadmap$/ },
  { name: 'support', remote: 'mfe_blog', page: 'Support', layout: 'default', titleKey: 'titles.support', pattern: /^\/support$/ },
  { name: 'status', remote: 'mfe_blog', page: 'Status', layout: 'default', titleKey: 'titles.status', pattern: /^\/status$/ },
  legal('terms'),
  legal('privacy'),
  legal('aml-kyc'),
];

const LOCALE_PREFIXES: Record<LocaleCode, '' | '/ru'> = { en: '', ru: '/ru' };

/** Every route, both locales: `index___en`, `index___ru`, … */
export const ROUTES: readonly (RouteDef & { fullName: string; locale: LocaleCode })[] = (['en', 'ru'] as const).flatMap((locale) =>
  BASE_ROUTES.map((r) => ({ ...r, fullName: `${r.name}___${locale}`, locale })),
);

export interface RouteMatch {
  route: RouteDef;
  /** `<name>___<locale>` */
  name: string;
  locale: LocaleCode;
  prefix: '' | '/ru';
  /** path without the locale prefix */
  path: string;
  params: Record<string, string>;
  /** false when the route's validity rule failed: show a 404 error page */
  valid: boolean;
}

/** Splits `/ru/...` into locale and the path without prefix. */
export function splitLocale(pathname: string): { locale: LocaleCode; prefix: '' | '/ru'; path: string } {
  if (pathname === '/ru' || pathname === '/ru/') return { locale: 'ru', prefix: '/ru', path: '/' };
  if (pathname.startsWith('/ru/')) return { locale: 'ru', prefix: '/ru', path: pathname.slice(3) };
  return { locale: 'en', prefix: '', path: pathname || '/' };
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function matchRoute(pathname: string): RouteMatch | null {
  const { locale, prefix, path } = splitLocale(pathname);
  for (const route of BASE_ROUTES) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    (route.keys ?? []).forEach((key, i) => (params[key] = safeDecode(m[i + 1] ?? '')));
    const valid = route.validate ? route.validate(params) : true;
    if (valid && route.derive) Object.assign(params, route.derive(params));
    return { route, name: `${route.name}___${locale}`, locale, prefix, path, params, valid };
  }
  return null;
}

/**
 * §2 "codes lower-cased": the pair page's path with its codes in lower case (`/ru/exchange-BTC-ETH` →
 * `/ru/exchange-btc-eth`), or null when the path is not a pair page written with capitals. web answers it with a
 * 301 (server/normalise.ts), a client navigation replaces the URL (resolvePage).
 */
export function lowerCasedPairPath(pathname: string): string | null {
  const { prefix, path } = splitLocale(pathname);
  if (!/^\/exchange-[^/]*[A-Z]/.test(path)) return null;
  const lower = `${prefix}${path.toLowerCase()}`;
  const match = matchRoute(lower);
  return match?.route.name === 'exchange-pair' && match.valid ? lower : null;
}

/** Adds the locale prefix to a path without one. */
export function localePath(path: string, locale: LocaleCode): string {
  const prefix = LOCALE_PREFIXES[locale];
  if (!prefix) return path || '/';
  if (path === '/' || path === '') return prefix;
  if (/^[?#]/.test(path)) return `${prefix}${path}`;
  if (/^\/[?#]/.test(path)) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The same page in another locale. */
export function switchLocalePath(pathname: string, locale: LocaleCode): string {
  return localePath(splitLocale(pathname).path, locale);
}
