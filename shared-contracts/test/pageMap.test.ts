import { REMOTE_NAMES } from '../remotes.cjs';
import { PAGE_MAP, pageNames, pageParams, pagePath, pageQuery, pageSamples, type PageParams } from '../src/pageMap';
import { pairPath } from '../src/pairPath';

describe('page map', () => {
  it('has an entry for every remote of the one list, and no other', () => {
    expect(Object.keys(PAGE_MAP).sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('every page has a sample path, and every sample gives the required params and only declared ones', () => {
    for (const remote of REMOTE_NAMES) {
      for (const page of pageNames(remote)) {
        const spec = (PAGE_MAP[remote] as Record<string, { params: Record<string, string>; samples: readonly { params: Record<string, string> }[] }>)[page];
        expect(spec.samples.length).toBeGreaterThan(0);
        const required = Object.keys(spec.params).filter((k) => spec.params[k] === 'required');
        for (const sample of spec.samples) {
          expect(Object.keys(sample.params).filter((k) => !(k in spec.params))).toEqual([]);
          expect(required.filter((k) => !(k in sample.params))).toEqual([]);
        }
      }
    }
    expect(pageSamples('mfe_blog').map((s) => `${s.page} ${s.path}`)).toContain('Blog /blog/page2');
  });

  it("pageParams keeps the page's params only; pageQuery its query keys only", () => {
    const route = { params: { slug: 'news', page: '2', stray: 'x' }, query: new URLSearchParams('amount=1&other=2') };
    const params: PageParams<'mfe_blog', 'BlogPost'> = pageParams(route, 'mfe_blog', 'BlogPost');
    expect(params).toEqual({ slug: 'news', page: '2' });
    expect(pageParams({ params: {} }, 'mfe_blog', 'Blog')).toEqual({});
    expect(pageQuery(route, 'mfe_exchange', 'ExchangePair')).toEqual({ amount: '1' });
  });

  it('pagePath builds the path of every sample back from its params (a page reached by several paths: one of them)', () => {
    for (const remote of REMOTE_NAMES) {
      for (const sample of pageSamples(remote)) {
        const build = pagePath as (remote: string, page: string, params: Readonly<Record<string, string>>) => string;
        const built = build(remote, sample.page, sample.params);
        const samePage = pageSamples(remote).filter((s) => s.page === sample.page && JSON.stringify(s.params) === JSON.stringify(sample.params));
        expect({ sample: sample.path, built: samePage.map((s) => s.path).includes(built) }).toEqual({ sample: sample.path, built: true });
      }
    }
  });

  it('pagePath encodes params (a multi-segment slug per segment) and the query, leaving undefined query values out', () => {
    expect(pagePath('mfe_order', 'Order', { id: 'a b/c' }, { destinationAddress: 'bc1q x&y=z' })).toBe('/order/a%20b%2Fc?destinationAddress=bc1q%20x%26y%3Dz');
    expect(pagePath('mfe_order', 'Order', { id: 'pending' }, { destinationAddress: undefined })).toBe('/order/pending');
    expect(pagePath('mfe_blog', 'BlogPost', { slug: 'guides/fixed vs floating' })).toBe('/blog/guides/fixed%20vs%20floating');
    expect(pagePath('mfe_blog', 'BlogPost', { slug: 'news', page: 3 })).toBe('/blog/news/page3');
    expect(pagePath('mfe_blog', 'Blog')).toBe('/blog');
    expect(pagePath('mfe_blog', 'Blog', { page: 2 })).toBe('/blog/page2');
    expect(pagePath('mfe_exchange', 'ExchangePair', { from: 'btc', to: 'eth' }, { amount: '0.5' })).toBe('/exchange-btc-eth?amount=0.5');
    expect(pagePath('mfe_profile', 'ProfileWithdraw')).toBe('/profile/withdraw');
    expect(pagePath('mfe_blog', 'Legal', { slug: 'aml-kyc' })).toBe('/aml-kyc');
    expect(pairPath('BTC', 'usdtTrc20')).toBe('/exchange-btc-usdttrc20');
    expect(pairPath('btc', 'eth', { ref: 'partner 1' })).toBe('/exchange-btc-eth?ref=partner%201');
  });

  it('pagePath refuses, at compile time, a remote, page, param or query key the page map does not have', () => {
    const wrong = () => [
      // @ts-expect-error: no such remote
      pagePath('mfe_nope', 'Order', { id: '1' }),
      // @ts-expect-error: no such page of mfe_order
      pagePath('mfe_order', 'Blog', { page: 2 }),
      // @ts-expect-error: the order page needs its id
      pagePath('mfe_order', 'Order'),
      // @ts-expect-error: a param the page does not have
      pagePath('mfe_order', 'Order', { id: '1', slug: 'x' }),
      // @ts-expect-error: a query key the page does not read
      pagePath('mfe_order', 'Order', { id: '1' }, { amount: '1' }),
    ];
    expect(wrong).toThrow();
  });
});
