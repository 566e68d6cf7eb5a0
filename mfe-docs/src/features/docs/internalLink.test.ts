import { internalTargetOf } from './internalLink';

const page = (prefix: '' | '/ru') => ({ origin: 'https://coinferry.test', prefix, path: '/docs/orders' });
const link = (href: string, attrs: Record<string, string> = {}) => {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  return a;
};

describe('internalTargetOf: which links of the docs HTML navigate client-side', () => {
  it('site links lose the locale prefix the content service wrote (host.navigate adds the shown one)', () => {
    expect(internalTargetOf(link('/ru/docs/errors#err-not-found'), page('/ru'))).toBe('/docs/errors#err-not-found');
    expect(internalTargetOf(link('/ru'), page('/ru'))).toBe('/');
    expect(internalTargetOf(link('/blog/basics/how-confirmations-work'), page(''))).toBe('/blog/basics/how-confirmations-work');
    expect(internalTargetOf(link('https://coinferry.test/docs/sandbox?x=1'), page(''))).toBe('/docs/sandbox?x=1');
  });

  it('a heading anchor stays on the page (the §2 hash scroll)', () => {
    expect(internalTargetOf(link('#first-step'), page('/ru'))).toBe('/docs/orders#first-step');
    expect(internalTargetOf(link('#'), page(''))).toBeNull();
  });

  it('the browser keeps other sites, API files, new tabs and downloads', () => {
    expect(internalTargetOf(link('https://example.com/x'), page(''))).toBeNull();
    expect(internalTargetOf(link('/api/v1/openapi.json'), page(''))).toBeNull();
    expect(internalTargetOf(link('/docs/errors', { target: '_blank' }), page(''))).toBeNull();
    expect(internalTargetOf(link('/docs/errors', { download: '' }), page(''))).toBeNull();
    expect(internalTargetOf(link('mailto:support@coinferry.test'), page(''))).toBeNull();
  });
});
