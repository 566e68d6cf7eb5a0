import { REMOTE_NAMES } from '../remotes.cjs';
import { PAGE_MAP, pageNames, pageParams, pageQuery, pageSamples, type PageParams } from '../src/pageMap';

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
});
