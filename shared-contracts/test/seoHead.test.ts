import { SEO_TAG_ATTR, type SeoHeadTag, type SeoTexts, seoHeadTags } from '../src/index';

const ORIGIN = 'https://swap.example';
const texts: SeoTexts = { title: 'T', description: 'D', ogTitle: 'OT', ogDescription: 'OD' };
const homeTexts: SeoTexts = {
  ...texts,
  structuredData: { organizationName: 'Org', organizationDescription: 'Org desc', reviewAuthor: 'Ann', reviewBody: 'Great', ratingValue: '4.8' },
};

const links = (tags: SeoHeadTag[], rel: string) => tags.flatMap((t) => (t.tag === 'link' && t.attrs.rel === rel ? [t.attrs] : []));
const metaContent = (tags: SeoHeadTag[], key: string) =>
  tags.find((t): t is Extract<SeoHeadTag, { tag: 'meta' }> => t.tag === 'meta' && (t.attrs.name === key || t.attrs.property === key))?.attrs;
const jsonLd = (tags: SeoHeadTag[]) => tags.find((t) => t.tag === 'script');

describe('seoHeadTags (§2)', () => {
  it('exposes the DOM marker both sides agree on', () => {
    expect(SEO_TAG_ATTR).toBe('data-seo');
  });

  it('home in en: title, description, social tags, canonical without prefix, alternates with x-default = en', () => {
    const tags = seoHeadTags({ configId: 'index', locale: 'en', path: '/', origin: ORIGIN, texts: homeTexts });
    expect(tags[0]).toEqual({ tag: 'title', text: 'T' });
    expect(metaContent(tags, 'description')?.content).toBe('D');
    expect(metaContent(tags, 'og:title')?.content).toBe('OT');
    expect(metaContent(tags, 'og:description')?.content).toBe('OD');
    expect(metaContent(tags, 'og:url')?.content).toBe(`${ORIGIN}/`);
    expect(metaContent(tags, 'og:type')?.content).toBe('website');
    expect(metaContent(tags, 'og:site_name')?.content).toBe('Org');
    expect(metaContent(tags, 'og:locale')?.content).toBe('en_US');
    expect(metaContent(tags, 'og:image')?.content).toBe(`${ORIGIN}/og-image.png`);
    expect(metaContent(tags, 'og:image:width')?.content).toBe('1200');
    expect(metaContent(tags, 'og:image:height')?.content).toBe('630');
    expect(metaContent(tags, 'twitter:card')?.content).toBe('summary_large_image');
    expect(metaContent(tags, 'twitter:title')?.content).toBe('OT');
    expect(metaContent(tags, 'twitter:image')?.content).toBe(`${ORIGIN}/og-image.png`);
    expect(metaContent(tags, 'robots')).toBeUndefined();
    expect(links(tags, 'canonical')).toEqual([{ rel: 'canonical', href: `${ORIGIN}/` }]);
    expect(links(tags, 'alternate')).toEqual([
      { rel: 'alternate', hreflang: 'en', href: `${ORIGIN}/` },
      { rel: 'alternate', hreflang: 'ru', href: `${ORIGIN}/ru` },
      { rel: 'alternate', hreflang: 'x-default', href: `${ORIGIN}/` },
    ]);
  });

  it('home in ru: canonical /ru, ru_RU', () => {
    const tags = seoHeadTags({ configId: 'index', locale: 'ru', path: '/', origin: ORIGIN, texts: homeTexts });
    expect(links(tags, 'canonical')[0]?.href).toBe(`${ORIGIN}/ru`);
    expect(metaContent(tags, 'og:locale')?.content).toBe('ru_RU');
    expect(links(tags, 'alternate').map((a) => a.hreflang)).toEqual(['en', 'ru', 'x-default']);
  });

  it('exchange pair in ru: canonical and alternates carry the pair path', () => {
    const tags = seoHeadTags({ configId: 'exchange-pair', locale: 'ru', path: '/exchange-btc-eth', origin: ORIGIN, texts });
    expect(links(tags, 'canonical')[0]?.href).toBe(`${ORIGIN}/ru/exchange-btc-eth`);
    expect(links(tags, 'alternate')).toEqual([
      { rel: 'alternate', hreflang: 'en', href: `${ORIGIN}/exchange-btc-eth` },
      { rel: 'alternate', hreflang: 'ru', href: `${ORIGIN}/ru/exchange-btc-eth` },
      { rel: 'alternate', hreflang: 'x-default', href: `${ORIGIN}/exchange-btc-eth` },
    ]);
    expect(jsonLd(tags)).toBeUndefined();
  });

  it.each([
    ['blog', '/blog'],
    ['blog-slug', '/blog/news/launch'],
    ['docs', '/docs'],
    ['docs-slug', '/docs/api'],
  ])('%s has a canonical link but no alternates', (configId, path) => {
    for (const locale of ['en', 'ru'] as const) {
      const tags = seoHeadTags({ configId, locale, path, origin: ORIGIN, texts });
      expect(links(tags, 'canonical')[0]?.href).toBe(`${ORIGIN}${locale === 'ru' ? '/ru' : ''}${path}`);
      expect(links(tags, 'alternate')).toEqual([]);
    }
  });

  it('noindex adds a robots meta', () => {
    const tags = seoHeadTags({ configId: 'profile-info', locale: 'en', path: '/profile/info', origin: ORIGIN, texts, noindex: true });
    expect(metaContent(tags, 'robots')?.content).toBe('noindex');
  });

  it('home JSON-LD: an Organization with its logo and a Review with the §9 rating bounds', () => {
    const script = jsonLd(seoHeadTags({ configId: 'index', locale: 'en', path: '/', origin: ORIGIN, texts: homeTexts }));
    expect(script?.tag === 'script' && script.type).toBe('application/ld+json');
    const json = (script as { json: { '@context': string; '@graph': Record<string, unknown>[] } }).json;
    expect(json['@context']).toBe('https://schema.org');
    const org = json['@graph'].find((n) => n['@type'] === 'Organization');
    const review = json['@graph'].find((n) => n['@type'] === 'Review');
    expect(org).toMatchObject({
      name: 'Org',
      description: 'Org desc',
      url: `${ORIGIN}/`,
      logo: { '@type': 'ImageObject', width: 200, height: 60 },
    });
    expect(review).toMatchObject({
      author: { name: 'Ann' },
      reviewBody: 'Great',
      reviewRating: { ratingValue: '4.8', bestRating: 5, worstRating: 1 },
    });
  });

  it('other pages carry no JSON-LD even if structured texts are present', () => {
    expect(jsonLd(seoHeadTags({ configId: 'roadmap', locale: 'en', path: '/roadmap', origin: ORIGIN, texts: homeTexts }))).toBeUndefined();
  });
});
