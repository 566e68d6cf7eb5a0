// §8 meta-key check: what makes web render its 500 page when SEO_META_KEY_CHECK is on.
import { seoKeyProblems, type SeoTexts } from '../src/seo';

const page: SeoTexts = { title: 'Exchange BTC to ETH', description: 'Swap Bitcoin for Ethereum.', ogTitle: 'BTC to ETH', ogDescription: 'Swap in minutes.' };
const home: SeoTexts = {
  ...page,
  structuredData: {
    organizationName: 'Exchange',
    organizationDescription: 'Instant crypto exchange.',
    reviewAuthor: 'Alex M.',
    reviewBody: 'Fast and clear.',
    ratingValue: '4.8',
  },
};

describe('seoKeyProblems (§8)', () => {
  it('finds nothing in complete texts', () => {
    expect(seoKeyProblems('exchange-pair', page)).toEqual([]);
    expect(seoKeyProblems('index', home)).toEqual([]);
  });

  it('names a missing, empty or blank key, and texts that are not an object', () => {
    const { ogTitle: _, ...withoutOgTitle } = page;
    expect(seoKeyProblems('support', withoutOgTitle)).toEqual(['ogTitle']);
    expect(seoKeyProblems('support', { ...page, title: '' })).toEqual(['title']);
    expect(seoKeyProblems('support', { ...page, description: '   ' })).toEqual(['description']);
    expect(seoKeyProblems('support', { ...page, ogDescription: 42 })).toEqual(['ogDescription']);
    expect(seoKeyProblems('support', null)).toEqual(['texts']);
    expect(seoKeyProblems('support', 'title')).toEqual(['texts']);
  });

  it('requires the structured data on the home page only', () => {
    expect(seoKeyProblems('index', page)).toEqual(['structuredData']);
    expect(seoKeyProblems('index', { ...page, structuredData: 'Exchange' })).toEqual(['structuredData']);
    expect(seoKeyProblems('exchange-pair', page)).toEqual([]);
  });

  it('names each missing or empty structured-data key', () => {
    const { reviewAuthor: _, ...sd } = home.structuredData!;
    expect(seoKeyProblems('index', { ...home, structuredData: { ...sd, organizationName: '' } })).toEqual([
      'structuredData.organizationName',
      'structuredData.reviewAuthor',
    ]);
  });

  it.each(['0.5', '5.1', '-4', 'abc', '', 'NaN', 'Infinity', '0x4', '4e0'])('refuses the rating value %j (a decimal within 1..5)', (ratingValue) => {
    expect(seoKeyProblems('index', { ...home, structuredData: { ...home.structuredData, ratingValue } })).toEqual(['structuredData.ratingValue']);
  });

  it.each(['1', '4.8', '5', '5.0'])('accepts the rating value %j', (ratingValue) => {
    expect(seoKeyProblems('index', { ...home, structuredData: { ...home.structuredData, ratingValue } })).toEqual([]);
  });
});
