// Standalone development host (used only by bootstrap.tsx and tests): every HostServices member, in the
// smallest form that lets this remote be developed alone at its own port. The shell provides the real one.
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { action, observable } from 'mobx';
import type { AnchorHTMLAttributes } from 'react';
import {
  createApiClient,
  type ApiClient,
  type HostConfirmedEmails,
  type HostLinkProps,
  type HostReferral,
  type HostRoute,
  type HostServices,
  type HostSession,
  type LocaleCode,
  type Theme,
} from 'shared-contracts';

export function createI18n(lng: LocaleCode, namespace: string, resources: Record<LocaleCode, Record<string, string>>): I18n {
  const bundles: Resource = {};
  for (const [code, res] of Object.entries(resources)) bundles[code] = { [namespace]: res };
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: [namespace],
    defaultNS: namespace,
    resources: bundles,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

export interface DevHostOptions {
  namespace: string;
  resources: Record<LocaleCode, Record<string, string>>;
  lng?: LocaleCode;
  api?: ApiClient;
  route?: Partial<HostRoute>;
  /** host.initialData: what the page's loader would have handed a server-rendered page (tests of the first view) */
  initialData?: unknown;
  /** Replaces members of the session (a signed-in account, spied dialogs…). */
  session?: Partial<HostSession>;
  /** API origin; default the page's own origin (the dev server proxies /api and the WebSocket to API_URL). */
  apiBaseUrl?: string;
  wsUrl?: string;
  onNavigate?: (to: string) => void;
  /** The standalone page: a pushed or popped URL becomes the route's path, query and hash. */
  followUrl?: boolean;
}

/** A dev or test host: HostServices plus a way to move its observable route, as the shell's router does. */
export interface DevHost extends HostServices {
  setRoute(route: Partial<HostRoute>): void;
}

const browser = typeof window !== 'undefined' && typeof history !== 'undefined';

/** The visit records the shell keeps, in memory: the referral id (the `ref` of the first URL) and the confirmed email. */
function memoryVisitRecords(initialRef: string | undefined): { referral: HostReferral; confirmedEmails: HostConfirmedEmails } {
  let referral = initialRef;
  let confirmed: string | undefined;
  const normalise = (email: string) => email.trim().toLowerCase();
  return {
    referral: { get: () => referral, clear: () => void (referral = undefined) },
    confirmedEmails: {
      last: () => confirmed,
      has: (email) => !!confirmed && !!email && normalise(confirmed) === normalise(email),
      remember: (email) => void (confirmed = email),
    },
  };
}

function devSession(records: ReturnType<typeof memoryVisitRecords>): HostSession {
  return {
    isAuthorised: false,
    isAdmin: false,
    account: null,
    isLoading: false,
    openLoginDialog: () => console.info('[dev host] login dialog'),
    openRegisterDialog: (options) => console.info('[dev host] register dialog', options ?? {}),
    openRestorePasswordDialog: (email) => console.info('[dev host] restore-password dialog', email),
    // No mail round trip here: the email counts as confirmed.
    confirmEmail: async (email) => {
      console.info('[dev host] email confirmation dialog', email);
      return email ?? null;
    },
    logout: async () => console.info('[dev host] logout'),
    getVisitorId: async () => 'dev-visitor',
    // The shell records UTM landings; a dev or test host has none (a test passes `session: { utm }`).
    utm: () => null,
    ...records,
  };
}

export function createDevHost(o: DevHostOptions): DevHost {
  const lng: LocaleCode = o.lng ?? 'en';
  const i18n = createI18n(lng, o.namespace, o.resources);
  const apiBaseUrl = o.apiBaseUrl ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost:3000');
  const wsUrl = o.wsUrl ?? `${apiBaseUrl.replace(/^http/, 'ws')}/api/v2/ws`;
  const route = observable.box<HostRoute>(
    {
      name: o.route?.name ?? 'dev',
      path: o.route?.path ?? '/',
      params: o.route?.params ?? {},
      query: o.route?.query ?? new URLSearchParams(),
      hash: o.route?.hash ?? '',
    },
    { deep: false },
  );
  const setRoute = action((next: Partial<HostRoute>) => route.set({ ...route.get(), ...next }));
  const followUrl = () => {
    if (o.followUrl) setRoute({ path: location.pathname, query: new URLSearchParams(location.search), hash: location.hash });
  };
  const go = (to: string, replace?: boolean) => {
    o.onNavigate?.(to);
    if (!browser) return;
    if (replace) history.replaceState(null, '', to);
    else history.pushState(null, '', to);
    followUrl();
  };
  if (browser && o.followUrl) window.addEventListener('popstate', followUrl);

  function DevLink({ to, replace, className, children, ...rest }: HostLinkProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
    return (
      <a
        href={to}
        className={className}
        data-testid={rest['data-testid']}
        onClick={(e) => {
          e.preventDefault();
          go(to, replace);
        }}
      >
        {children}
      </a>
    );
  }

  const locale = observable.box<LocaleCode>(lng);
  const theme = observable.box<Theme>('light');
  return {
    api: o.api ?? createApiClient({ baseUrl: apiBaseUrl }),
    i18n,
    locale: {
      get current() {
        return locale.get();
      },
      get prefix() {
        return locale.get() === 'ru' ? '/ru' : '';
      },
      set: action((l: LocaleCode) => {
        locale.set(l);
        void i18n.changeLanguage(l);
      }),
    },
    theme: {
      get current() {
        return theme.get();
      },
      set: action((t: Theme) => theme.set(t)),
    },
    session: { ...devSession(memoryVisitRecords(o.route?.query?.get('ref') ?? undefined)), ...o.session },
    notify: (n) => console.info('[dev host] notify', n),
    analytics: { track: (e, d) => console.info('[dev host] analytics', e, d) },
    navigate: (to, options) => go(to, options?.replace),
    setQuery: (q, options) => {
      const qs = q.toString();
      const current = route.get();
      setRoute({ query: new URLSearchParams(q) });
      if (!browser) return;
      const url = `${location.pathname}${qs ? `?${qs}` : ''}${current.hash}`;
      if (options?.replace === false) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    },
    Link: DevLink,
    get route() {
      return route.get();
    },
    setRoute,
    config: { wsUrl, apiBaseUrl, sandbox: true, partnerReferralParam: 'ref' },
    notFound: () => console.warn('[dev host] notFound()'),
    trackLoading: (p) => p,
    initialData: o.initialData,
  };
}
