import { matchRoute } from '../routing/routes';
import { pageTitle, resolvePage, sessionState, type PageInput } from './resolvePage';

const input = (pathname: string, over: Partial<PageInput> = {}): PageInput => ({
  match: matchRoute(pathname),
  search: '',
  healthEnabled: true,
  reportedNotFound: false,
  session: 'guest',
  ...over,
});

describe('resolvePage (§2 routes, §4 health)', () => {
  it('a matched, valid route renders its remote page in the route’s layout', () => {
    const r = resolvePage(input('/ru/order/abc'));
    expect(r.kind).toBe('remote');
    if (r.kind !== 'remote') return;
    expect(r.layout).toBe('default');
    expect(r.match.route.remote).toBe('mfe_order');
    expect(r.match.params.id).toBe('abc');
    expect(resolvePage(input('/docs/api'))).toMatchObject({ kind: 'remote', layout: 'docs-sidebar' });
  });

  it('health disabling the app wins over everything: maintenance in the non-working layout', () => {
    expect(resolvePage(input('/', { healthEnabled: false }))).toEqual({ kind: 'maintenance', layout: 'non-working' });
    expect(resolvePage(input('/nowhere', { healthEnabled: false })).kind).toBe('maintenance');
    expect(resolvePage(input('/lk', { healthEnabled: false, session: 'signed-in' })).kind).toBe('maintenance');
  });

  it('the account is read only for a page behind lk-redirect (a page that reads it re-renders when it loads)', () => {
    const session = jest.fn(() => 'guest' as const);
    resolvePage(input('/exchange-btc-eth', { session }));
    resolvePage(input('/blog', { session }));
    expect(session).not.toHaveBeenCalled();
    expect(resolvePage(input('/ru/profile/history', { session })).kind).toBe('redirect');
    expect(session).toHaveBeenCalled();
  });

  it('no route: the 404 page in the default layout', () => {
    expect(resolvePage(input('/definitely/not/here'))).toEqual({ kind: 'not-found', layout: 'default' });
  });

  it('a failed validity rule, or a 404 the page reported, is the same 404 page in the route’s layout', () => {
    expect(resolvePage(input('/exchange-btc'))).toEqual({ kind: 'not-found', layout: 'default' });
    expect(resolvePage(input('/blog/page0'))).toEqual({ kind: 'not-found', layout: 'blog-sidebar' });
    expect(resolvePage(input('/ru/blog/no-such-post', { reportedNotFound: true }))).toEqual({ kind: 'not-found', layout: 'blog-sidebar' });
    expect(resolvePage(input('/exchange-btc-eth', { reportedNotFound: true }))).toEqual({ kind: 'not-found', layout: 'default' });
  });

  it('pair codes are lower-cased (§2): a client navigation to /exchange-BTC-ETH replaces it, query, hash and locale kept', () => {
    expect(resolvePage(input('/exchange-BTC-ETH', { search: '?amount=1' }))).toMatchObject({ kind: 'redirect', to: '/exchange-btc-eth?amount=1' });
    expect(resolvePage(input('/ru/exchange-Btc-eth', { search: '?amount=1&ref=x', hash: '#form' }))).toMatchObject({
      kind: 'redirect',
      to: '/ru/exchange-btc-eth?amount=1&ref=x#form',
    });
    expect(resolvePage(input('/exchange-btc-eth', { search: '?send=BTC' })).kind).toBe('remote');
    expect(resolvePage(input('/exchange-BTC_ETH')).kind).toBe('not-found');
  });

  it('lk-redirect: /lk goes to the profile for a signed-in user, keeping the query and the locale', () => {
    expect(resolvePage(input('/ru/lk', { session: 'signed-in', search: '?tab=1' }))).toMatchObject({ kind: 'redirect', to: '/ru/profile/info?tab=1' });
    expect(resolvePage(input('/profile/history', { session: 'signed-in' })).kind).toBe('remote');
  });

  it('lk-redirect: a guest goes home with the login dialog and the page asked for', () => {
    const r = resolvePage(input('/ru/profile/history', { session: 'guest' }));
    expect(r).toMatchObject({ kind: 'redirect', to: `/ru?${new URLSearchParams({ login: '1', next: '/profile/history' })}` });
  });

  it('lk-redirect waits for the startup account load, in the route’s layout', () => {
    expect(resolvePage(input('/profile/info', { session: 'loading' }))).toMatchObject({ kind: 'wait', layout: 'default' });
    expect(resolvePage(input('/support', { session: 'loading' })).kind).toBe('remote');
  });

  it('sessionState: loading first, then signed in or guest', () => {
    expect(sessionState({ isLoading: true, isAuthorised: true })).toBe('loading');
    expect(sessionState({ isLoading: false, isAuthorised: true })).toBe('signed-in');
    expect(sessionState({ isLoading: false, isAuthorised: false })).toBe('guest');
  });
});

describe('pageTitle', () => {
  it('the route’s title with pair codes upper-cased', () => {
    expect(pageTitle(resolvePage(input('/exchange-btc-eth')))).toEqual({
      key: 'titles.exchange-pair',
      values: { pair: 'exchange-btc-eth', from: 'BTC', to: 'ETH' },
    });
  });

  it('maintenance, not found and error pages have their own titles', () => {
    expect(pageTitle(resolvePage(input('/', { healthEnabled: false }))).key).toBe('titles.maintenance');
    expect(pageTitle(resolvePage(input('/nowhere'))).key).toBe('titles.notFound');
    expect(pageTitle(resolvePage(input('/exchange-btc'))).key).toBe('titles.notFound');
    expect(pageTitle(resolvePage(input('/blog/x', { reportedNotFound: true }))).key).toBe('titles.notFound');
  });

  it('a redirecting or waiting account route keeps its own title', () => {
    expect(pageTitle(resolvePage(input('/profile/history', { session: 'loading' }))).key).toBe('titles.profile-history');
  });
});
