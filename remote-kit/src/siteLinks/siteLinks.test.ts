import { isPlainClick, siteLinkTarget, sitePath, sitePathOfClick } from './siteLinks';

const ORIGIN = 'http://localhost';
const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

describe('links inside the site from a blog page (sitePath, sitePathOfClick)', () => {
  it.each([
    ['http://localhost/blog/basics/how-confirmations-work', '', '/blog/basics/how-confirmations-work'],
    ['http://localhost/ru/docs/orders?x=1#create', '/ru', '/docs/orders?x=1#create'],
    ['http://localhost/ru', '/ru', '/'],
    ['http://localhost/blog/guides/x#how-it-works', '', '/blog/guides/x#how-it-works'],
    // an unprefixed link on a ru page: the host adds /ru
    ['http://localhost/docs/orders', '/ru', '/docs/orders'],
  ] as const)('%s (prefix %j) → %s', (href, prefix, path) => {
    expect(sitePath(new URL(href), ORIGIN, prefix)).toBe(path);
  });

  it.each(['https://example.org/blog', 'http://localhost/api/v1/content/images/a.svg', 'http://localhost/assets/x.js'])('%s is left to the browser', (href) => {
    expect(sitePath(new URL(href), ORIGIN, '')).toBeNull();
  });

  it('only a plain left click is taken over', () => {
    expect(isPlainClick(click)).toBe(true);
    for (const k of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey', 'defaultPrevented'] as const) expect(isPlainClick({ ...click, [k]: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
  });

  it('a click on text inside a link in the container gives its path; a new-tab link or one outside gives none', () => {
    document.body.innerHTML =
      '<div id="c"><a href="/ru/blog/a"><strong id="in">A</strong></a><a id="blank" href="/blog/b" target="_blank">B</a></div><a id="out" href="/blog/c">C</a>';
    const c = document.getElementById('c') as Element;
    const target = (id: string) => ({ ...click, target: document.getElementById(id) });
    expect(sitePathOfClick(target('in'), c, '/ru')).toBe('/blog/a');
    expect(sitePathOfClick(target('blank'), c, '')).toBeNull();
    expect(sitePathOfClick(target('out'), c, '')).toBeNull();
  });
});

describe('siteLinkTarget: which links of a docs page navigate client-side', () => {
  const pageUrl = (prefix: '' | '/ru') => `https://coinferry.test${prefix}/docs/orders`;
  const link = (href: string, attrs: Record<string, string> = {}) => {
    const a = document.createElement('a');
    a.setAttribute('href', href);
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    return a;
  };

  it('site links lose the locale prefix the content service wrote (host.navigate adds the shown one)', () => {
    expect(siteLinkTarget(link('/ru/docs/errors#err-not-found'), pageUrl('/ru'), '/ru')).toBe('/docs/errors#err-not-found');
    expect(siteLinkTarget(link('/ru'), pageUrl('/ru'), '/ru')).toBe('/');
    expect(siteLinkTarget(link('/blog/basics/how-confirmations-work'), pageUrl(''), '')).toBe('/blog/basics/how-confirmations-work');
    expect(siteLinkTarget(link('https://coinferry.test/docs/sandbox?x=1'), pageUrl(''), '')).toBe('/docs/sandbox?x=1');
  });

  it('a heading anchor stays on the page (the §2 hash scroll)', () => {
    expect(siteLinkTarget(link('#first-step'), pageUrl('/ru'), '/ru')).toBe('/docs/orders#first-step');
    expect(siteLinkTarget(link('#'), pageUrl(''), '')).toBeNull();
  });

  it('the browser keeps other sites, API files, new tabs and downloads', () => {
    expect(siteLinkTarget(link('https://example.com/x'), pageUrl(''), '')).toBeNull();
    expect(siteLinkTarget(link('/api/v1/openapi.json'), pageUrl(''), '')).toBeNull();
    expect(siteLinkTarget(link('/docs/errors', { target: '_blank' }), pageUrl(''), '')).toBeNull();
    expect(siteLinkTarget(link('/docs/errors', { download: '' }), pageUrl(''), '')).toBeNull();
    expect(siteLinkTarget(link('mailto:support@coinferry.test'), pageUrl(''), '')).toBeNull();
  });
});
