import { isPlainClick, sitePath, sitePathOfClick } from './siteLinks';

const ORIGIN = 'http://localhost';
const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

describe('links inside the site from a blog page', () => {
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
