import { referralSource, type ReferralInputs } from './referral';

function inputs(over: Partial<ReferralInputs> & { cookie?: string; ref?: string } = {}) {
  let cookie = over.cookie;
  const written: string[] = [];
  const source = referralSource({
    readCookie: () => cookie,
    writeCookie: (c) => {
      written.push(c);
      if (/Max-Age=0/.test(c)) cookie = undefined;
    },
    queryRef: () => over.ref,
    isAuthorised: () => false,
    isHttps: () => false,
    ...over,
  });
  return { source, written };
}

describe('referral id (§2, §5, §8)', () => {
  it('the stored cookie first, else the query’s ref for a guest', () => {
    expect(inputs({ cookie: 'c-1', ref: 'q-1' }).source.get()).toBe('c-1');
    expect(inputs({ ref: 'q-1' }).source.get()).toBe('q-1');
    expect(inputs({ ref: 'q-1', isAuthorised: () => true }).source.get()).toBeUndefined();
  });

  it('once cleared, neither the cookie nor the URL’s ref is read again', () => {
    const { source, written } = inputs({ cookie: 'stale', ref: 'stale' });
    source.clear();
    expect(source.get()).toBeUndefined();
    expect(written).toEqual(['referralID=; Max-Age=0; Path=/; SameSite=Lax']);
  });

  it('deletes the cookie with the attributes web set it with (Secure on https)', () => {
    const { source, written } = inputs({ cookie: 'x', isHttps: () => true });
    source.clear();
    expect(written).toEqual(['referralID=; Max-Age=0; Path=/; SameSite=Lax; Secure']);
  });
});
