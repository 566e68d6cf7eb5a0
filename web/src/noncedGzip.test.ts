import { gunzipSync } from 'node:zlib';
import { NoncedGzip } from './noncedGzip';

const MARK = 'nonce-0123456789abcdef';

describe('NoncedGzip: a page compressed once, each response with its own nonce', () => {
  const page = `<!doctype html><head><script nonce="${MARK}">a()</script><script nonce="${MARK}" src="/m.js"></script></head><body>${'<p>rates and pairs</p>'.repeat(2000)}<script nonce="${MARK}">b()</script></body>`;

  it.each([['Q2hlY2sgdGhpcyBub25jZQ=='], ['zz'], ['']])('decodes (gunzip) to the page with nonce %p at every mark', (nonce) => {
    const gzip = new NoncedGzip(page, MARK);
    expect(gunzipSync(gzip.with(nonce)).toString()).toBe(page.replaceAll(MARK, nonce));
  });

  it('gives every response its own nonce from the one compression, as small as compressing it whole', () => {
    const gzip = new NoncedGzip(page, MARK);
    const [a, b] = [gzip.with('first-nonce'), gzip.with('second-nonce')];
    expect(gunzipSync(a).toString()).toContain('nonce="first-nonce"');
    expect(gunzipSync(b).toString()).not.toContain('first-nonce');
    expect(a.length).toBeLessThan(Buffer.byteLength(page) / 20);
  });

  it.each([[''], [MARK], [`${MARK}${MARK}`], ['no mark at all'], [`é ${MARK} ü`]])('a text of marks only, none or non-ASCII (%p)', (text) => {
    expect(gunzipSync(new NoncedGzip(text, MARK).with('n0')).toString()).toBe(text.replaceAll(MARK, 'n0'));
  });
});
