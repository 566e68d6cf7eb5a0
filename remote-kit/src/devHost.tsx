// Standalone development host (used only by bootstrap.tsx and tests): the smallest HostServices a page
// needs, so this remote can be developed alone at its own port. The shell provides the real one.
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { AnchorHTMLAttributes } from 'react';
import { createApiClient, type ApiClient, type HostLinkProps, type HostRoute, type HostServices, type LocaleCode } from 'shared-contracts';

export function createI18n(lng: LocaleCode, namespace: string, resources: Record<LocaleCode, Record<string, string>>): I18n {
  const bundles: Resource = {};
  for (const [code, res] of Object.entries(resources)) bundles[code] = { [namespace]: res };
  const instance = i18next.createInstance();
  void instance.init({ lng, fallbackLng: 'en', ns: [namespace], defaultNS: namespace, resources: bundles, initAsync: false, interpolation: { escapeValue: false } });
  return instance;
}

export interface DevHostOptions {
  namespace: string;
  resources: Record<LocaleCode, Record<string, string>>;
  lng?: LocaleCode;
  api?: ApiClient;
  route?: Partial<HostRoute>;
  /** API origin; default the page's own origin (the dev server proxies /api and the WebSocket to API_URL). */
  apiBaseUrl?: string;
  wsUrl?: string;
  onNavigate?: (to: string) => void;
}

function DevLink({ to, replace, className, children, ...rest }: HostLinkProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return (
    <a
      href={to}
      className={className}
      data-testid={rest['data-testid']}
      onClick={(e) => {
        e.preventDefault();
        if (replace) history.replaceState(null, '', to);
        else history.pushState(null, '', to);
      }}
    >
      {children}
    </a>
  );
}

export function createDevHost(o: DevHostOptions): HostServices {
  const lng: LocaleCode = o.lng ?? 'en';
  const i18n = createI18n(lng, o.namespace, o.resources);
  const apiBaseUrl = o.apiBaseUrl ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost:3000');
  const wsUrl = o.wsUrl ?? `${apiBaseUrl.replace(/^http/, 'ws')}/api/v2/ws`;
  const query = o.route?.query ?? new URLSearchParams();
  return {
    api: o.api ?? createApiClient({ baseUrl: apiBaseUrl }),
    i18n,
    locale: { current: lng, prefix: lng === 'ru' ? '/ru' : '', set: (l) => void i18n.changeLanguage(l) },
    theme: { current: 'light', set: (t) => console.info('[dev host] theme', t) },
    session: { isAuthorised: false, isAdmin: false, account: null, openLoginDialog: () => console.info('[dev host] login dialog') },
    notify: (n) => console.info('[dev host] notify', n),
    analytics: { track: (e, d) => console.info('[dev host] analytics', e, d) },
    navigate: (to, options) => {
      o.onNavigate?.(to);
      if (typeof history === 'undefined') return;
      if (options?.replace) history.replaceState(null, '', to);
      else history.pushState(null, '', to);
    },
    setQuery: (q, options) => {
      if (typeof history === 'undefined') return;
      const url = `${location.pathname}?${q.toString()}`;
      if (options?.replace === false) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    },
    Link: DevLink,
    route: { name: o.route?.name ?? 'dev', path: o.route?.path ?? '/', params: o.route?.params ?? {}, query, hash: o.route?.hash ?? '' },
    config: { wsUrl, apiBaseUrl, sandbox: true, partnerReferralParam: 'ref' },
    notFound: () => console.warn('[dev host] notFound()'),
    trackLoading: (p) => p,
  };
}
