import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { ApiError, createApiClient, type AccountData, type HostServices, type RemotePages } from 'shared-contracts';
import { ShellApp, createMemoryRouter, type ShellDeps } from './App';
import { RootStore, type RootStoreEnv } from './stores/RootStore';
import { MemoryCookieJar } from './stores/env';
import { TestClock } from './stores/testClock';
import { createI18n } from './i18n/createI18n';
import type { PagesModule } from './federation/fallbackModule';
import { PagesLoader } from './federation/remotes';

function OrderPage({ host }: { host: HostServices }) {
  return (
    <div>
      <h1 data-testid="page-title">Order {host.route.params.id}</h1>
      <p data-testid="route-name">{host.route.name}</p>
      <host.Link to="/blog" data-testid="to-blog">
        blog
      </host.Link>
    </div>
  );
}
function ProfileInfo() {
  return <h1 data-testid="page-title">Profile</h1>;
}

/** The shell's visit records over a fake document cookie and storage. */
function fakeVisitEnv(cookie = '') {
  const written: string[] = [];
  const values = new Map<string, string>();
  const cookieDocument = {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
      if (/Max-Age=0/.test(value)) cookie = '';
    },
  };
  return {
    env: {
      cookieDocument,
      isHttps: () => false,
      localStorage: { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) },
    },
    written,
    values,
  };
}

/** §2 redirect lookups the shell makes on client navigations: answered from `redirectTable`, counted in `lookups`. */
let redirectTable: Record<string, { to: string; external: boolean }> = {};
let lookups: string[] = [];
let left: string[] = [];
const redirectsFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname !== '/api/v1/redirects/lookup') return fetch(input, init);
  const path = url.searchParams.get('path') ?? '';
  lookups.push(path);
  return new Response(JSON.stringify({ redirect: redirectTable[path] ?? null }), { status: 200, headers: { 'content-type': 'application/json' } });
};
beforeEach(() => {
  redirectTable = {};
  lookups = [];
  left = [];
});

function setup(path: string, load: (remote: string) => Promise<PagesModule>, envOverrides: Partial<RootStoreEnv> = {}, visitEnv = fakeVisitEnv().env) {
  const env: RootStoreEnv = {
    clock: new TestClock(),
    cookies: new MemoryCookieJar(),
    languages: ['en'],
    root: document.documentElement,
    sessionStorage: window.sessionStorage,
    defaultTheme: 'light',
    healthCheckOnStart: false,
    buildId: 'b1',
    fetchHealth: async () => ({ status: 'OK', version: '1', sandbox: { market: true, custody: false, provider: false, mail: false }, checks: {} }),
    isReachable: async () => true,
    fetchLatestBuild: async () => ({ buildId: 'b1' }),
    reload: () => {},
    api: guestApi(),
    visitorId: async () => 'visitor-1',
    analyticsSink: () => undefined,
    ...envOverrides,
  };
  const stores = new RootStore(env);
  const i18n = createI18n(path.startsWith('/ru') ? 'ru' : 'en');
  const loader = new PagesLoader(i18n, (id) => load(id.split('/')[0]));
  const deps: ShellDeps = {
    stores,
    i18n,
    api: createApiClient({ baseUrl: 'http://localhost', fetch: redirectsFetch }),
    leaveSite: (url) => left.push(url),
    loader,
    config: { wsUrl: 'ws://x', apiBaseUrl: '', sandbox: true, partnerReferralParam: 'ref' },
    visitEnv,
  };
  const router = createMemoryRouter(path);
  render(<ShellApp deps={deps} router={router} />);
  return { router, stores, i18n };
}

const USER: AccountData = {
  email: 'user@example.com',
  permissions: 'USER',
  adminPermissionsScope: {},
  emailConfirmed: true,
  twoFactorEnabled: false,
  userId: 7,
};

/** A fake of the account calls: a guest until login succeeds. */
function guestApi(signedIn = false) {
  let session = signedIn;
  return {
    accountData: jest.fn(async () => {
      if (!session) throw ApiError.of('ERR_UNAUTHORIZED', 'no session');
      return USER;
    }),
    login: jest.fn(async () => {
      session = true;
      return { ok: true as const };
    }),
    register: jest.fn(async () => ({ ok: true as const })),
    logout: jest.fn(async () => {
      session = false;
      return { ok: true as const };
    }),
    refresh: jest.fn(async () => Promise.reject(ApiError.of('ERR_UNAUTHORIZED', 'no'))),
    requestPasswordReset: jest.fn(async () => ({ ok: true as const })),
    resetPassword: jest.fn(async () => ({ ok: true as const })),
    requestEmailConfirmation: jest.fn(async () => ({ ok: true as const })),
    confirmEmail: jest.fn(async () => ({ ok: true as const })),
  };
}

const mod = (pages: RemotePages, namespace = 'mfe-x'): PagesModule => ({ pages, namespace, resources: { en: { hello: 'Hello' }, ru: { hello: 'Привет' } } });

beforeAll(() => {
  window.scrollTo = () => {};
});

describe('ShellApp routing', () => {
  it('unmatched paths show the 404 page titled "Page not found"', async () => {
    setup('/definitely/not/here', async () => mod({}));
    expect(await screen.findByTestId('not-found')).toHaveProperty('textContent', 'Page not found');
    expect(screen.getByTestId('layout-default')).toBeTruthy();
    expect(document.title).toBe('Page not found');
  });

  it('failed validation shows the same 404 page, with 404 and "Page Not Found: {path}"', async () => {
    setup('/blog/page0', async () => mod({}));
    expect((await screen.findByTestId('not-found')).textContent).toBe('Page not found');
    expect(screen.getByTestId('error-status').textContent).toBe('404');
    expect(screen.getByTestId('error-message').textContent).toBe('Page Not Found: /blog/page0');
    expect(screen.getByTestId('layout-blog-sidebar')).toBeTruthy();
  });

  it('the 404 page shows the request URL and only harmless headers, never cookies', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie the page must not show
    document.cookie = 'u_id=secret-session';
    setup('/nowhere?x=1', async () => mod({}));
    await screen.findByTestId('not-found');
    expect(screen.getByTestId('error-url').textContent).toBe(`${location.origin}/nowhere?x=1`);
    const headers = screen.getByTestId('error-headers').textContent ?? '';
    expect(headers).toContain(`user-agent: ${navigator.userAgent}`);
    expect(headers).toContain('accept-language');
    expect(document.body.textContent).not.toContain('secret-session');
    // (the footer's "Cookie settings" and the consent banner name cookies: the headers are what must not)
    expect(headers).not.toMatch(/cookie|authorization/i);
  });

  it('client navigations ask the §2 redirect lookup, once per path: internal navigates (query kept), external leaves', async () => {
    redirectTable = {
      '/old-blog': { to: '/blog', external: false },
      '/ru/partner': { to: 'https://partner.example/x', external: true },
    };
    const Page = ({ host }: { host: HostServices }) => <h1 data-testid="page-title">{host.route.name}</h1>;
    const { router } = setup('/roadmap', async () => mod({ Roadmap: Page, Blog: Page }));
    await screen.findByTestId('page-title');
    expect(lookups).toEqual([]); // the first document was web's to check
    await act(() => router.navigate('/old-blog?page=2'));
    expect(await screen.findByText('blog___en')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/blog?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate('/roadmap'));
    await act(() => router.navigate('/old-blog'));
    await screen.findByText('blog___en');
    expect(router.state.location.pathname).toBe('/blog');
    // each path asked once: /old-blog, /blog, /roadmap — the second visit of /old-blog and /blog came from the cache
    expect([...lookups].sort()).toEqual(['/blog', '/old-blog', '/roadmap']);
    await act(() => router.navigate('/ru/partner'));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(left).toEqual(['https://partner.example/x']);
  });

  it('pair codes are lower-cased on a client navigation, the query kept (§2)', async () => {
    const Pair = ({ host }: { host: HostServices }) => <h1 data-testid="page-title">{`${host.route.params.from}-${host.route.params.to}`}</h1>;
    const { router } = setup('/ru/exchange-BTC-ETH?amount=1', async () => mod({ ExchangePair: Pair }));
    expect((await screen.findByTestId('page-title')).textContent).toBe('btc-eth');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/ru/exchange-btc-eth?amount=1');
  });

  it('renders the remote page with the host prop and registers its namespace', async () => {
    const { router, i18n } = setup('/ru/order/abc?destinationAddress=T1', async (remote) => {
      expect(remote).toBe('mfe_order');
      return mod({ Order: OrderPage }, 'mfe-order');
    });
    expect((await screen.findByTestId('page-title')).textContent).toBe('Order abc');
    expect(screen.getByTestId('route-name').textContent).toBe('order-id___ru');
    expect(screen.getByTestId('to-blog').getAttribute('href')).toBe('/ru/blog');
    expect(i18n.getResource('ru', 'mfe-order', 'hello')).toBe('Привет');
    expect(document.title).toBe('Заказ');
    expect(router.state.location.pathname).toBe('/ru/order/abc');
  });

  it('a page keeps one host while its query, hash and params change; observers follow host.route', async () => {
    const hosts = new Set<HostServices>();
    const Pair = observer(function Pair({ host }: { host: HostServices }) {
      hosts.add(host);
      return (
        <div>
          <h1 data-testid="page-title">
            {host.route.params.from}-{host.route.params.to}
          </h1>
          <p data-testid="query">{host.route.query.toString()}</p>
          <p data-testid="hash">{host.route.hash}</p>
          <button type="button" data-testid="set-query" onClick={() => host.setQuery(new URLSearchParams({ amount: '2' }))} />
        </div>
      );
    });
    const { router } = setup('/exchange-btc-eth?amount=1', async () => mod({ ExchangePair: Pair, Home: () => <h1 data-testid="page-title">Home</h1> }));
    expect((await screen.findByTestId('page-title')).textContent).toBe('btc-eth');
    expect(screen.getByTestId('query').textContent).toBe('amount=1');
    await act(async () => screen.getByTestId('set-query').click());
    expect(router.state.location.search).toBe('?amount=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('query').textContent).toBe('amount=2');
    await act(() => router.navigate('/exchange-eth-btc#rates'));
    expect(screen.getByTestId('page-title').textContent).toBe('eth-btc');
    expect(screen.getByTestId('hash').textContent).toBe('#rates');
    expect(hosts.size).toBe(1);
    await act(() => router.navigate('/'));
    expect(screen.getByTestId('page-title').textContent).toBe('Home');
    await act(() => router.navigate('/exchange-btc-usdt'));
    expect(screen.getByTestId('page-title').textContent).toBe('btc-usdt');
    expect(hosts.size).toBe(2);
  });

  it('§2 scrolling: a new page starts at the top; back (a POP) returns to where the page was left', async () => {
    const scrolled: number[] = [];
    const scrollTo = window.scrollTo;
    window.scrollTo = ((_x: number, y: number) => void scrolled.push(y)) as typeof window.scrollTo;
    const at = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    try {
      const title = (text: string) => () => <h1 data-testid="page-title">{text}</h1>;
      const { router } = setup('/roadmap', async () => mod({ Roadmap: title('Roadmap'), Blog: title('Blog') }));
      expect((await screen.findByTestId('page-title')).textContent).toBe('Roadmap');
      at(420);
      await act(() => router.navigate('/blog'));
      expect(screen.getByTestId('page-title').textContent).toBe('Blog');
      expect(scrolled.at(-1)).toBe(0);
      at(0);
      await act(() => router.navigate(-1));
      expect(router.state.historyAction).toBe('POP');
      expect(screen.getByTestId('page-title').textContent).toBe('Roadmap');
      await waitFor(() => expect(scrolled.at(-1)).toBe(420));
    } finally {
      window.scrollTo = scrollTo;
      at(0);
    }
  });

  it('§2 scrolling: the first page stays where the visitor already is (scrolled before it was live): nothing moves it to the top', async () => {
    const scrolled: number[] = [];
    const scrollTo = window.scrollTo;
    window.scrollTo = ((_x: number, y: number) => void scrolled.push(y)) as typeof window.scrollTo;
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    sessionStorage.clear(); // no position saved before a reload (the test above left one for this entry's key)
    try {
      const title = (text: string) => () => <h1 data-testid="page-title">{text}</h1>;
      const { router } = setup('/roadmap', async () => mod({ Roadmap: title('Roadmap'), Blog: title('Blog') }));
      expect((await screen.findByTestId('page-title')).textContent).toBe('Roadmap');
      await new Promise((resolve) => setTimeout(resolve, 50)); // the slot applies a pending scroll on the next frame
      expect(scrolled).toEqual([]);
      // the next page still starts at the top
      await act(() => router.navigate('/blog'));
      expect(scrolled.at(-1)).toBe(0);
    } finally {
      window.scrollTo = scrollTo;
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    }
  });

  it('host.notFound shows the localised 404 page for that path only', async () => {
    let notFound = () => {};
    const { router } = setup('/ru/order/missing', async () =>
      mod({
        Order: ({ host }: { host: HostServices }) => {
          notFound = host.notFound;
          return <h1 data-testid="page-title">Order {host.route.params.id}</h1>;
        },
      }),
    );
    await screen.findByTestId('page-title');
    act(() => notFound());
    expect(screen.getByTestId('not-found').textContent).toBe('Страница не найдена');
    expect(screen.getByTestId('error-message').textContent).toBe('Страница не найдена: /ru/order/missing');
    expect(document.title).toBe('Страница не найдена');
    await act(() => router.navigate('/ru/order/other'));
    expect(screen.getByTestId('page-title').textContent).toBe('Order other');
  });

  it('host.session: the referral id (cookie, else the guest’s ?ref) and its drop, and the confirmed email, live in the shell', async () => {
    let host: HostServices | null = null;
    const visit = fakeVisitEnv();
    setup(
      '/order/abc?ref=partner-1',
      async () =>
        mod({
          Order: ({ host: h }: { host: HostServices }) => {
            host = h;
            return <h1 data-testid="page-title">Order</h1>;
          },
        }),
      {},
      visit.env,
    );
    await screen.findByTestId('page-title');
    const session = host!.session;
    expect(session.referral.get()).toBe('partner-1');
    session.referral.clear();
    expect(session.referral.get()).toBeUndefined();
    expect(visit.written).toEqual(['referralID=; Max-Age=0; Path=/; SameSite=Lax']);
    expect(session.confirmedEmails.has('a@b.co')).toBe(false);
    session.confirmedEmails.remember('A@b.co');
    expect(session.confirmedEmails.has(' a@B.co ')).toBe(true);
    expect(session.confirmedEmails.last()).toBe('A@b.co');
    expect(visit.values.get('exchange_confirmed_email')).toBe('A@b.co');
    await expect(session.getVisitorId()).resolves.toBe('visitor-1');
  });

  it('a remote that fails to load shows the fallback and a notification', async () => {
    setup('/blog', async () => {
      throw new Error('remote down');
    });
    expect(await screen.findByTestId('remote-fallback')).toBeTruthy();
    expect(screen.getByTestId('layout-blog-sidebar')).toBeTruthy();
    expect(screen.getByTestId('notification').textContent).toContain('could not be loaded');
  });

  it('a page that throws is caught by the slot boundary', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    setup('/support', async () =>
      mod({
        Support: () => {
          throw new Error('boom');
        },
      }),
    );
    expect(await screen.findByTestId('remote-fallback')).toBeTruthy();
    expect(screen.getByTestId('site-name')).toBeTruthy();
    spy.mockRestore();
  });

  it('lk-redirect: /lk goes to /profile/info for a signed-in user', async () => {
    const { router, stores } = setup('/lk', async () => mod({ ProfileInfo }), { api: guestApi(true), cookies: new MemoryCookieJar({ u_id: 'fp' }) });
    await act(() => stores.session.start());
    expect((await screen.findByTestId('page-title')).textContent).toBe('Profile');
    expect(router.state.location.pathname).toBe('/profile/info');
    expect(screen.getByTestId('header-account').textContent).toBe('user@example.com');
  });

  it('lk-redirect: a guest on /ru/profile/history lands on /ru with the login dialog, then on the page asked for', async () => {
    const api = guestApi(false);
    const { router, stores } = setup(
      '/ru/profile/history',
      async (remote) =>
        remote === 'mfe_profile'
          ? mod({ ProfileHistory: () => <h1 data-testid="page-title">History</h1> })
          : mod({ Home: () => <h1 data-testid="page-title">Home</h1> }),
      { api },
    );
    await act(() => stores.session.start());
    const dialog = await screen.findByTestId('auth-dialog');
    expect(dialog.getAttribute('data-kind')).toBe('login');
    expect(router.state.location.pathname).toBe('/ru');
    expect(stores.dialogs.store?.next).toBe('/profile/history');
    fireEvent.change(screen.getByTestId('auth-email'), { target: { value: 'user@example.com' } });
    fireEvent.change(screen.getByTestId('auth-password'), { target: { value: 'pw' } });
    await act(async () => fireEvent.click(screen.getByTestId('auth-submit')));
    expect(api.login).toHaveBeenCalledWith({ body: { email: 'user@example.com', password: 'pw', browserFingerprint: 'visitor-1' } });
    expect((await screen.findByTestId('page-title')).textContent).toBe('History');
    expect(router.state.location.pathname).toBe('/ru/profile/history');
    expect(screen.queryByTestId('auth-dialog')).toBeNull();
  });

  it('lk-redirect waits for the startup account load before deciding', async () => {
    const { router } = setup('/profile/info', async () => mod({ ProfileInfo }), { cookies: new MemoryCookieJar({ u_id: 'fp' }) });
    expect(await screen.findByTestId('slot-loading')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile/info');
  });

  it('sign out from the header goes home and shows the guest tools', async () => {
    const { router, stores } = setup(
      '/profile/info',
      async (remote) => (remote === 'mfe_profile' ? mod({ ProfileInfo }) : mod({ Home: () => <h1 data-testid="page-title">Home</h1> })),
      { api: guestApi(true), cookies: new MemoryCookieJar({ u_id: 'fp' }) },
    );
    await act(() => stores.session.start());
    await screen.findByTestId('header-logout');
    await act(async () => screen.getByTestId('header-logout').click());
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByTestId('header-login')).toBeTruthy();
  });

  it('shows the maintenance screen in the non-working layout when health disables the app', async () => {
    const { stores } = setup('/', async () => mod({ Home: () => <h1 data-testid="page-title">Home</h1> }), {
      healthCheckOnStart: true,
      fetchHealth: async () => ({
        status: 'TECHNICAL_DIFFICULTIES',
        version: '1',
        sandbox: { market: true, custody: false, provider: false, mail: false },
        checks: {},
      }),
    });
    await act(() => stores.health.start());
    expect(await screen.findByTestId('layout-non-working')).toBeTruthy();
    expect(screen.getByTestId('sandbox-mode').textContent).toBe('Sandbox mode');
  });

  it.each([
    ['/', false, 'offline', 'You are offline'],
    ['/', true, 'service-down', 'Our service is not answering'],
    ['/ru', false, 'offline', 'Нет подключения к интернету'],
    ['/ru', true, 'service-down', 'Наш сервис не отвечает'],
  ])('health failing past its threshold on %s, internet reachable %s: the %s page', async (path, reachable, outage, title) => {
    const { stores } = setup(path, async () => mod({ Home: () => <h1 data-testid="page-title">Home</h1> }), {
      fetchHealth: async () => Promise.reject(new Error('api down')),
      isReachable: async () => reachable,
    });
    for (let i = 0; i < 4; i++) await act(() => stores.health.check());
    expect(await screen.findByTestId('layout-non-working')).toBeTruthy();
    expect(screen.getByTestId('maintenance').getAttribute('data-outage')).toBe(outage);
    expect(screen.getByTestId('page-title').textContent).toBe(title);
  });

  it('the language switch keeps the page and adds the prefix', async () => {
    const { router, stores } = setup('/roadmap', async () => mod({ Roadmap: () => <h1 data-testid="page-title">Roadmap</h1> }));
    await screen.findByTestId('page-title');
    await act(async () => screen.getByTestId('lang-ru').click());
    expect(router.state.location.pathname).toBe('/ru/roadmap');
    expect(stores.locale.current).toBe('ru');
    expect(document.title).toBe('Дорожная карта');
  });
});

describe('the site header, footer and skip link', () => {
  const home = async () => mod({ Home: () => <h1 data-testid="page-title">Home</h1>, Roadmap: () => <h1 data-testid="page-title">Roadmap</h1> });

  it('names the product next to its mark and links it home, in both languages', async () => {
    setup('/ru/roadmap', home);
    await screen.findByTestId('page-title');
    const brand = screen.getByTestId('site-name');
    expect(brand.textContent).toBe('Coinferry');
    expect(brand.getAttribute('href')).toBe('/ru');
    expect(brand.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('contentinfo').textContent).toContain('© Coinferry');
    expect(screen.getByRole('contentinfo').textContent).toContain('Мгновенный обмен криптовалют');
  });

  it('the menu button discloses the navigation; Escape closes it and gives focus back to the button', async () => {
    setup('/roadmap', home);
    await screen.findByTestId('page-title');
    const button = screen.getByRole('button', { name: 'Menu' });
    const panel = screen.getByTestId('site-menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('data-open')).toBe('false');
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.getAttribute('data-open')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(panel.contains(nav)).toBe(true);
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual([
      'Exchange',
      'Buy with card',
      'Popular exchanges',
      'Blog',
      'Docs',
      'Roadmap',
      'Support',
    ]);
    expect(panel.contains(screen.getByRole('group', { name: 'Language' }))).toBe(true);
    expect(panel.contains(screen.getByTestId('theme-toggle'))).toBe(true);
    nav.querySelector('a')!.focus();
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('following a link of the menu closes it', async () => {
    const { router } = setup('/roadmap', home);
    await screen.findByTestId('page-title');
    const button = screen.getByRole('button', { name: 'Menu' });
    act(() => button.click());
    const exchange = screen.getByRole('link', { name: 'Exchange' });
    await act(async () => fireEvent.click(exchange));
    expect(router.state.location.pathname).toBe('/');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // also a navigation from elsewhere (the page's own link, back/forward)
    act(() => button.click());
    await act(() => router.navigate('/roadmap'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('issue 25: "Buy with card" in the header leads to the card pair page, in both languages', async () => {
    setup('/roadmap', home);
    await screen.findByTestId('page-title');
    const link = screen.getByRole('link', { name: 'Buy with card' });
    expect(link).toBe(screen.getByTestId('header-buy-with-card'));
    expect(link.getAttribute('href')).toBe('/exchange-usd-btc');
  });

  it('issue 25: "Купить картой" on /ru leads to /ru/exchange-usd-btc', async () => {
    setup('/ru/roadmap', home);
    await screen.findByTestId('page-title');
    expect(screen.getByRole('link', { name: 'Купить картой' }).getAttribute('href')).toBe('/ru/exchange-usd-btc');
  });

  it('issue 25: choosing sign in from the menu closes the menu; when the dialog closes the focus is on the menu button', async () => {
    const { stores } = setup('/roadmap', home);
    await act(() => stores.session.start());
    await screen.findByTestId('page-title');
    const button = screen.getByRole('button', { name: 'Menu' });
    act(() => button.click());
    const signIn = screen.getByTestId('header-login');
    signIn.focus();
    await act(async () => signIn.click());
    await screen.findByRole('dialog', { name: 'Sign in' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('site-menu').getAttribute('data-open')).toBe('false');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await act(async () => screen.getByTestId('auth-close').click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('issue 25: an account dialog opened by the page also closes the menu', async () => {
    const { stores } = setup('/roadmap', home);
    await screen.findByTestId('page-title');
    const button = screen.getByRole('button', { name: 'Menu' });
    act(() => button.click());
    await act(async () => stores.dialogs.openRegister({ reason: 'card-purchase' }));
    await screen.findByRole('dialog', { name: 'Create an account' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('the menu closes on a press outside the header', async () => {
    setup('/roadmap', home);
    await screen.findByTestId('page-title');
    const button = screen.getByRole('button', { name: 'Menu' });
    act(() => button.click());
    act(() => {
      fireEvent.pointerDown(screen.getByTestId('page-title'));
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('the theme toggle is a pressed/not pressed "Dark theme" button', async () => {
    const { stores } = setup('/roadmap', home);
    await screen.findByTestId('page-title');
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    act(() => toggle.click());
    expect(stores.theme.current).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('the skip link is the first link and moves focus to the main content without a navigation', async () => {
    const { router } = setup('/roadmap', home);
    await screen.findByTestId('page-title');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.querySelector('a')).toBe(skip);
    const main = screen.getByRole('main');
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    act(() => skip.click());
    expect(document.activeElement).toBe(main);
    expect(router.state.location.hash).toBe('');
  });

  it('the footer links the secondary pages and the status page', async () => {
    setup('/roadmap', home);
    await screen.findByTestId('page-title');
    const more = screen.getByRole('navigation', { name: 'More' });
    expect(Array.from(more.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Popular exchanges', '/popular-exchanges'],
      ['Blog', '/blog'],
      ['Docs', '/docs'],
      ['Roadmap', '/roadmap'],
      ['Support', '/support'],
      ['Service status', '/status'],
    ]);
  });
});

describe('the account dialogs', () => {
  const home = async () => mod({ Home: () => <h1 data-testid="page-title">Home</h1> });

  async function openLogin() {
    const { stores } = setup('/', home);
    await act(() => stores.session.start());
    const opener = await screen.findByTestId('header-login');
    opener.focus();
    await act(async () => opener.click());
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    return { stores, opener, dialog };
  }

  it('sign in: a modal dialog named by its title, the fields by their labels, focus on the first field', async () => {
    const { dialog } = await openLogin();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByTestId('auth-dialog').getAttribute('data-kind')).toBe('login');
    const email = screen.getByLabelText('Email');
    expect(email).toBe(screen.getByTestId('auth-email'));
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(document.activeElement).toBe(email);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('a form sent empty marks each field invalid and describes it with its error', async () => {
    await openLogin();
    await act(async () => fireEvent.click(screen.getByTestId('auth-submit')));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain('Enter your email');
    expect(screen.getByTestId('auth-error-email').textContent).toBe('Enter your email');
  });

  it('Escape closes the dialog and gives focus back to the button that opened it', async () => {
    const { opener, dialog } = await openLogin();
    act(() => {
      fireEvent.keyDown(screen.getByLabelText('Email'), { key: 'Escape' });
    });
    expect(dialog.isConnected).toBe(false);
    expect(screen.queryByTestId('auth-dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('to the register dialog: its first field gets focus, the terms are a labelled checkbox, Cancel closes', async () => {
    await openLogin();
    await act(async () => screen.getByRole('button', { name: 'Create an account' }).click());
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByTestId('auth-dialog').getAttribute('data-kind')).toBe('register');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Repeat the password').getAttribute('autocomplete')).toBe('new-password');
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms of use and have read the privacy policy' });
    expect(terms).toBe(screen.getByTestId('auth-terms'));
    await act(async () => screen.getByTestId('auth-close').click());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('issue 25: the register dialog shows the password rules before anything is typed, and marks each as it is met', async () => {
    await openLogin();
    await act(async () => screen.getByRole('button', { name: 'Create an account' }).click());
    const rules = screen.getByTestId('auth-password-rules');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-describedby')!.split(' ')).toContain(rules.id);
    expect(Array.from(rules.querySelectorAll('li')).map((li) => [li.textContent, li.getAttribute('data-state')])).toEqual([
      ['At least 8 characters (not yet)', 'unmet'],
      ['Does not contain your email (not yet)', 'unmet'],
      ['Not a common or leaked password (checked when you send the form)', 'server'],
    ]);
    expect(screen.queryByTestId('auth-error-password')).toBeNull();
    act(() => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'walker@mail.io' } });
      fireEvent.change(password, { target: { value: 'Blue-Harbor-2041' } });
    });
    expect(screen.getByTestId('auth-password-rule-length').getAttribute('data-state')).toBe('met');
    expect(screen.getByTestId('auth-password-rule-notEmail').textContent).toBe('Does not contain your email (done)');
  });

  it('issue 25: opened for a card purchase, the register dialog says why and carries the email over', async () => {
    const { stores } = await openLogin();
    await act(async () => stores.dialogs.close());
    await act(async () => stores.dialogs.openRegister({ reason: 'card-purchase', email: 'buyer@mail.io' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an account' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toMatch(/^A card purchase needs an account/);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('buyer@mail.io');
  });

  it('restore: the dialog is described by its explanation', async () => {
    await openLogin();
    await act(async () => screen.getByTestId('auth-to-restore').click());
    const dialog = screen.getByRole('dialog', { name: 'Restore password' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter the email of your account and we will send you a code to set a new password.',
    );
    expect(screen.getByRole('button', { name: 'Send the code' })).toBe(screen.getByTestId('auth-submit'));
  });
});

describe('notifications', () => {
  it('are toasts: an error is an alert, the rest a status, each closed by a labelled button', async () => {
    const { stores } = setup('/', async () => mod({ Home: () => <h1 data-testid="page-title">Home</h1> }));
    await screen.findByTestId('page-title');
    act(() => {
      stores.notifications.add({ type: 'success', message: 'Saved' });
      stores.notifications.add({ type: 'error', message: 'Failed' });
    });
    const [saved, failed] = screen.getAllByTestId('notification');
    expect([saved.getAttribute('role'), saved.textContent]).toEqual(['status', 'Saved']);
    expect(screen.getByRole('alert')).toBe(failed);
    expect(failed.textContent).toBe('Failed');
    const closes = screen.getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(2);
    act(() => closes[1].click());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByTestId('notification')).toHaveLength(1);
  });
});
