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
  ])('%s → %s', (input, expected) => {
    expect(normaliseUrl(input)).toBe(expected);
  });
});
