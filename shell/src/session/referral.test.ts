import { followReferral, referralSource, type ReferralInputs } from './referral';

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

describe('a signed-in visitor (§5: the account’s registration referrer earns)', () => {
  it('neither sends the stored cookie nor the query’s ref', () => {
    expect(inputs({ cookie: 'c-1', ref: 'q-1', isAuthorised: () => true }).source.get()).toBeUndefined();
  });

  it('stores no ref met on a navigation', () => {
    const { source, written } = inputs({ isAuthorised: () => true });
    source.remember('p-1');
    expect(written).toEqual([]);
  });
});

describe('client-side navigations carrying ?ref= (§2, 24 h §9)', () => {
  function router(search = '') {
    const listeners: ((state: { location: { search: string } }) => void)[] = [];
    return {
      state: { location: { search } },
      subscribe(listener: (state: { location: { search: string } }) => void) {
        listeners.push(listener);
        return () => void listeners.splice(listeners.indexOf(listener), 1);
      },
      go(to: string) {
        this.state = { location: { search: to } };
        for (const l of [...listeners]) l(this.state);
      },
    };
  }

  it('sets the referralID cookie as web does, and the new id is the one sent', () => {
    let cookie: string | undefined;
    const written: string[] = [];
    const source = referralSource({
      readCookie: () => cookie,
      writeCookie: (c) => {
        written.push(c);
        cookie = /Max-Age=0/.test(c) ? undefined : decodeURIComponent(c.slice(c.indexOf('=') + 1, c.indexOf(';')));
      },
      queryRef: () => undefined,
      isAuthorised: () => false,
      isHttps: () => true,
    });
    const r = router('?send=btc');
    const stop = followReferral(r, source);
    r.go('?ref=partner%209&send=eth');
    expect(written).toEqual(['referralID=partner%209; Max-Age=86400; Path=/; SameSite=Lax; Secure']);
    expect(source.get()).toBe('partner 9');
    r.go('?ref=partner%209&send=eth'); // the same location again (a router state change without navigation)
    r.go('?send=ltc');
    expect(written).toHaveLength(1);
    stop();
    r.go('?ref=other');
    expect(written).toHaveLength(1);
  });

  it('a dropped (unknown) id is not stored again from the URL', () => {
    const { source, written } = inputs({ cookie: 'gone' });
    source.clear();
    source.remember('gone');
    expect(written).toEqual(['referralID=; Max-Age=0; Path=/; SameSite=Lax']);
  });
});
