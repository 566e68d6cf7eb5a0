// Markdown rendering of the content service: whatever a file holds, no script, event handler or
// javascript:/data:/vbscript: URL reaches a page (raw HTML is never rendered, sanitize-html is the final gate);
// headings carry the anchors the §2 hash scroll lands on; images carry their dimensions and load lazily; site links
// get the locale prefix, external ones open no window reference.
import { Parser } from 'htmlparser2';
import type { ImageCatalogue } from '../src/modules/content/images';
import { headingSlug, localiseHref, readingMinutes, renderMarkdown, sanitizeContentHtml } from '../src/modules/content/markdown';

const images: ImageCatalogue = new Map([
  ['chart.svg', { src: '/api/v1/content/images/chart.svg?v=abc', width: 800, height: 400, contentType: 'image/svg+xml', bytes: Buffer.from('') }],
]);
const en = (md: string) => renderMarkdown(md, { locale: 'en', images });
const ru = (md: string) => renderMarkdown(md, { locale: 'ru', images });

interface Element {
  name: string;
  attrs: Record<string, string>;
}
/** Every element of an HTML fragment with its attributes, as a browser's parser would see them. */
function elements(html: string): Element[] {
  const found: Element[] = [];
  const parser = new Parser({ onopentag: (name, attrs) => found.push({ name, attrs }) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return found;
}

/** The page is safe: no script-capable element, no event handler, no URL with a dangerous scheme. */
function expectSafe(html: string) {
  for (const el of elements(html)) {
    expect(['script', 'iframe', 'object', 'embed', 'style', 'svg', 'math', 'form', 'input', 'base', 'meta', 'link']).not.toContain(el.name);
    for (const [name, value] of Object.entries(el.attrs)) {
      expect(name).not.toMatch(/^on/i);
      expect(name).not.toBe('style');
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name)) {
        // What a browser would see after stripping whitespace and control characters.
        const url = [...value]
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        expect(url).not.toMatch(/^(javascript|data|vbscript):/);
      }
    }
  }
}

describe('Markdown sanitising', () => {
  const HOSTILE_MARKDOWN = [
    '<script>alert(1)</script>',
    'text <script>alert(1)</script> text',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<div onclick="alert(1)">x</div>',
    '<svg onload=alert(1)><script>alert(1)</script></svg>',
    '<iframe src="https://example.com"></iframe>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java&#x09;script:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](%6Aavascript:alert(1))',
    '[x]( javascript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<javascript:alert(1)>',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
    '[x](https://example.com "a\\" onmouseover=\\"alert(1)")',
    '## Heading <img src=x onerror=alert(1)>',
    '`<script>alert(1)</script>`',
    '```html\n<script>alert(1)</script>\n```',
  ];

  it.each(HOSTILE_MARKDOWN.map((md) => [JSON.stringify(md), md]))('%s renders nothing that runs', (_shown, md) => {
    const { html } = en(md);
    expectSafe(html);
    expect(html).not.toMatch(/<script/i);
  });

  it('shows raw HTML as text instead of rendering it', () => {
    expect(en('a <b onclick="x()">bold</b>').html).toBe('<p>a &lt;b onclick="x()"&gt;bold&lt;/b&gt;</p>\n');
  });

  it('the sanitiser drops what a renderer might ever let through', () => {
    const dirty = [
      '<p onclick="alert(1)" style="color:red">para</p>',
      '<script>alert(1)</script>',
      '<a href="javascript:alert(1)">js</a>',
      '<a href="  JAVASCRIPT:alert(1)">js</a>',
      '<a href="vbscript:x">vb</a>',
      '<a href="data:text/html,x">data</a>',
      '<img src="data:image/png;base64,AAAA" onerror="alert(1)">',
      '<img src="javascript:alert(1)">',
      '<a href="//evil.example/x">protocol-relative</a>',
      '<h2 id="ok" onmouseover="alert(1)">h</h2>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<style>body{display:none}</style>',
      '<form action="https://evil.example"><input name=x></form>',
      '<td style="background:url(javascript:alert(1))">cell</td>',
    ].join('\n');
    const clean = sanitizeContentHtml(dirty);
    expectSafe(clean);
    expect(clean).toContain('<p>para</p>');
    expect(clean).toContain('<h2 id="ok">h</h2>');
    expect(clean).not.toContain('alert(1)');
    expect(clean).not.toContain('evil.example');
    expect(clean).not.toContain('display:none');
  });

  it('keeps what a page needs: links, code with its language class, tables with alignment', () => {
    const { html } = en('[docs](https://example.com/docs "Docs")\n\n```ts\nconst a = 1 < 2;\n```\n\n| a | b |\n|:--|--:|\n| 1 | 2 |');
    expect(html).toContain('<a href="https://example.com/docs" title="Docs" rel="noopener noreferrer">docs</a>');
    expect(html).toContain('<pre tabindex="0"><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>');
    expect(html).toContain('<div class="content-table" tabindex="0"><table>');
    expect(html).toContain('<th style="text-align:left">a</th>');
    expect(html).toContain('<td style="text-align:right">2</td>');
  });
});

describe('headings', () => {
  it('get stable ids and are listed in order', () => {
    const { html, headings } = en('## Fixed or floating?\n\ntext\n\n### The `memo` field\n\n## Fixed or floating?');
    expect(headings).toEqual([
      { id: 'fixed-or-floating', text: 'Fixed or floating?', level: 2 },
      { id: 'the-memo-field', text: 'The memo field', level: 3 },
      { id: 'fixed-or-floating-1', text: 'Fixed or floating?', level: 2 },
    ]);
    expect(html).toContain('<h2 id="fixed-or-floating">Fixed or floating?</h2>');
    expect(html).toContain('<h3 id="the-memo-field">The <code>memo</code> field</h3>');
    expect(html).toContain('<h2 id="fixed-or-floating-1">');
  });

  it('Cyrillic headings give readable ids the hash scroll can land on', () => {
    const { headings, html } = ru('## Как работают подтверждения?\n\n## Шаг 2: отправьте депозит');
    expect(headings.map((h) => h.id)).toEqual(['как-работают-подтверждения', 'шаг-2-отправьте-депозит']);
    expect(html).toContain('<h2 id="как-работают-подтверждения">');
    // The shell's scroll store decodes the URL hash before getElementById.
    expect(decodeURIComponent(encodeURIComponent('#как-работают-подтверждения').slice(3))).toBe('как-работают-подтверждения');
  });

  it('never takes an id of the page around it (the main landmark)', () => {
    expect(en('## Main content').headings[0].id).toBe('main-content-1');
  });

  it('a heading of punctuation only still gets an id', () => {
    expect(headingSlug('???')).toBe('section');
    expect(headingSlug('  Ёлка — ÄÖÜ & co. ')).toBe('ёлка-äöü-co');
  });
});

describe('images', () => {
  it('carry their dimensions, load lazily and come from the content image route', () => {
    const { html } = en('![A chart of fees](chart.svg "Fees")');
    const img = elements(html).find((e) => e.name === 'img');
    expect(img?.attrs).toEqual({
      src: '/api/v1/content/images/chart.svg?v=abc',
      alt: 'A chart of fees',
      width: '800',
      height: '400',
      loading: 'lazy',
      decoding: 'async',
      title: 'Fees',
    });
  });

  it('a path to content/images (as a Git preview needs) names the same file', () => {
    expect(en('![x](../../../images/chart.svg)').html).toContain('src="/api/v1/content/images/chart.svg?v=abc"');
  });

  it.each(['missing.svg', 'https://example.com/x.png', 'data:image/png;base64,AAAA', '../secret/chart.svg', '/etc/passwd'])(
    '"%s" is an editor’s mistake',
    (src) => {
      expect(() => en(`![x](${src})`)).toThrow(/image/);
    },
  );
});

describe('links', () => {
  it('site links get the /ru prefix on ru pages, others stay as written', () => {
    const hrefs = (html: string) =>
      elements(html)
        .filter((e) => e.name === 'a')
        .map((e) => e.attrs.href);
    const md = '[a](/docs/orders) [b](/) [c](/ru/blog) [d](#steps) [e](/api/v1/rates) [f](https://example.com) [g](mailto:help@example.com) [h](/blog?x=1#y)';
    expect(hrefs(ru(md).html)).toEqual([
      '/ru/docs/orders',
      '/ru',
      '/ru/blog',
      '#steps',
      '/api/v1/rates',
      'https://example.com',
      'mailto:help@example.com',
      '/ru/blog?x=1#y',
    ]);
    expect(hrefs(en(md).html)).toEqual([
      '/docs/orders',
      '/',
      '/ru/blog',
      '#steps',
      '/api/v1/rates',
      'https://example.com',
      'mailto:help@example.com',
      '/blog?x=1#y',
    ]);
  });

  it('external links carry rel="noopener noreferrer", site links do not', () => {
    const links = elements(en('[a](https://example.com) [b](http://example.org/x) [c](/docs)').html).filter((e) => e.name === 'a');
    expect(links.map((l) => l.attrs.rel)).toEqual(['noopener noreferrer', 'noopener noreferrer', undefined]);
    expect(links.some((l) => 'target' in l.attrs)).toBe(false);
  });

  it('localiseHref leaves the protocol-relative and the already prefixed alone', () => {
    expect(localiseHref('//cdn.example/x', 'ru')).toBe('//cdn.example/x');
    expect(localiseHref('/ru', 'ru')).toBe('/ru');
    expect(localiseHref('/russia', 'ru')).toBe('/ru/russia');
  });
});

it('reading time: about 200 words a minute, at least one', () => {
  expect(readingMinutes(0)).toBe(1);
  expect(readingMinutes(250)).toBe(1);
  expect(readingMinutes(700)).toBe(4);
  expect(en(Array(600).fill('слово').join(' ')).words).toBe(600);
});
