import { normaliseUrl } from './normalise';

describe('normaliseUrl (§2, 301)', () => {
  it.each([
    ['/', null],
    ['/blog', null],
    ['/blog/', '/blog'],
    ['/blog///', '/blog'],
    ['//blog//post', '/blog/post'],
    ['/ru/', '/ru'],
    ['/ua/blog', '/uk/blog'],
    ['/ua', '/uk'],
    ['/ua/', '/uk'],
    ['//ua//blog/?x=1', '/uk/blog?x=1'],
    ['/uab', null],
    ['/blog/?ref=abc&x=1', '/blog?ref=abc&x=1'],
    ['/blog?next=/a//b/', null],
    ['/docs/#top', '/docs#top'],
    ['//', '/'],
    ['///?q=1', '/?q=1'],
    // §2 pair codes are lower-cased, the query kept
    ['/exchange-BTC-ETH', '/exchange-btc-eth'],
    ['/exchange-BTC-ETH?amount=1', '/exchange-btc-eth?amount=1'],
    ['/ru/exchange-Btc-eth?amount=1&ref=A', '/ru/exchange-btc-eth?amount=1&ref=A'],
    ['/exchange-BTC-ETH/', '/exchange-btc-eth'],
    ['/exchange-btc-eth?send=BTC', null],
    ['/exchange-BTC_ETH', null],
    ['/blog/News', null],
  ])('%s → %s', (input, expected) => {
    expect(normaliseUrl(input)).toBe(expected);
  });
});
