import { SEO_CONFIG_IDS } from 'shared-contracts';
import { ROUTES, matchRoute, localePath, switchLocalePath, splitLocale } from './routes';

describe('route table', () => {
  it('has every §2 route in en and ru', () => {
    const names = ROUTES.map((r) => r.fullName);
    // every §2 route has SEO texts, and every page kind of POST /dict/seo is a route
    for (const n of SEO_CONFIG_IDS) {
      expect(names).toContain(`${n}___en`);
      expect(names).toContain(`${n}___ru`);
    }
  });

  it.each([
    ['/', 'index___en', 'mfe_exchange', 'Home', 'default', {}],
    ['/ru', 'index___ru', 'mfe_exchange', 'Home', 'default', {}],
    ['/exchange-btc-eth', 'exchange-pair___en', 'mfe_exchange', 'ExchangePair', 'default', { pair: 'exchange-btc-eth', from: 'btc', to: 'eth' }],
    [
      '/ru/exchange-usdttrc20-btc',
      'exchange-pair___ru',
      'mfe_exchange',
      'ExchangePair',
      'default',
      { pair: 'exchange-usdttrc20-btc', from: 'usdttrc20', to: 'btc' },
    ],
    ['/order/abc123', 'order-id___en', 'mfe_order', 'Order', 'default', { id: 'abc123' }],
    ['/order/pending', 'order-pending___en', 'mfe_order', 'Order', 'default', { id: 'pending' }],
    ['/popular-exchanges', 'popular-exchanges___en', 'mfe_exchange', 'PopularExchanges', 'default', {}],
    ['/profile/keys', 'profile-keys___en', 'mfe_profile', 'ProfileKeys', 'default', {}],
    ['/ru/profile/admin/verifications', 'profile-admin-verifications___ru', 'mfe_profile', 'ProfileAdminVerifications', 'default', {}],
    ['/ru/profile/affiliate-program', 'profile-affiliate-program___ru', 'mfe_profile', 'ProfileAffiliate', 'default', {}],
    ['/blog', 'blog___en', 'mfe_blog', 'Blog', 'blog-sidebar', {}],
    ['/blog/page2', 'blog-page___en', 'mfe_blog', 'Blog', 'blog-sidebar', { page: '2' }],
    ['/blog/news/crypto/page3', 'blog-slug-page___en', 'mfe_blog', 'BlogPost', 'blog-sidebar', { slug: 'news/crypto', page: '3' }],
    ['/blog/news/how-to-buy', 'blog-slug___en', 'mfe_blog', 'BlogPost', 'blog-sidebar', { slug: 'news/how-to-buy' }],
    ['/blog/pages-of-history', 'blog-slug___en', 'mfe_blog', 'BlogPost', 'blog-sidebar', { slug: 'pages-of-history' }],
    ['/docs', 'docs___en', 'mfe_docs', 'Docs', 'docs-sidebar', {}],
    ['/ru/docs/api/orders', 'docs-slug___ru', 'mfe_docs', 'DocsPage', 'docs-sidebar', { slug: 'api/orders' }],
    ['/roadmap', 'roadmap___en', 'mfe_blog', 'Roadmap', 'default', {}],
    ['/support', 'support___en', 'mfe_blog', 'Support', 'default', {}],
  ])('%s → %s', (path, name, remote, page, layout, params) => {
    const m = matchRoute(path)!;
    expect(m).not.toBeNull();
    expect(m.name).toBe(name);
    expect(m.route.remote).toBe(remote);
    expect(m.route.page).toBe(page);
    expect(m.route.layout).toBe(layout);
    expect(m.params).toEqual(params);
    expect(m.valid).toBe(true);
  });

  it.each([
    '/exchange-BTC-ETH',
    '/exchange-btc',
    '/exchange-btc-eth-x',
    '/ru/exchange-b_c-eth',
    '/blog/page0',
    '/blog/page-1',
    '/blog/page2x',
    '/blog/news/page0',
  ])('%s fails validation', (path) => {
    const m = matchRoute(path)!;
    expect(m).not.toBeNull();
    expect(m.valid).toBe(false);
  });

  it.each(['/nope', '/ru/nope', '/order', '/profile', '/rus', '/exchange'])('%s matches nothing', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('/lk and every /profile/* route go through lk-redirect, in both locales', () => {
    for (const path of ['/lk', '/ru/lk', '/profile/info', '/ru/profile/history', '/profile/withdraw'])
      expect(matchRoute(path)!.route.middleware).toBe('lk-redirect');
    for (const path of ['/', '/blog', '/order/pending']) expect(matchRoute(path)!.route.middleware).toBeUndefined();
  });

  it('prefixes and switches locale', () => {
    expect(localePath('/', 'ru')).toBe('/ru');
    expect(localePath('/blog', 'ru')).toBe('/ru/blog');
    expect(localePath('/blog', 'en')).toBe('/blog');
    expect(localePath('?a=1', 'ru')).toBe('/ru?a=1');
    expect(switchLocalePath('/ru/blog/x', 'en')).toBe('/blog/x');
    expect(switchLocalePath('/', 'ru')).toBe('/ru');
    expect(switchLocalePath('/ru', 'en')).toBe('/');
    expect(splitLocale('/ru/order/1')).toEqual({ locale: 'ru', prefix: '/ru', path: '/order/1' });
  });
});
