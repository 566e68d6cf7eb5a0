import { RedirectLookup, redirectLocation, type Redirect } from './redirectLookup';

function make(table: Record<string, Redirect | null | Error>) {
  let time = 0;
  const calls: string[] = [];
  const lookup = new RedirectLookup({
    lookup: async (path) => {
      calls.push(path);
      const answer = table[path] ?? null;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    now: () => time,
    ttlMs: 60_000,
  });
  return { lookup, calls, advance: (ms: number) => (time += ms) };
}

describe('§2 redirect lookup on client navigations', () => {
  it('an internal redirect navigates, keeping the query and hash; an external one leaves the site as it is', async () => {
    const { lookup } = make({ '/old': { to: '/blog', external: false }, '/go': { to: 'https://partner.example/?a=1', external: true } });
    await expect(lookup.actionFor('/old', '?page=2', '#top')).resolves.toEqual({ kind: 'navigate', to: '/blog?page=2#top' });
    await expect(lookup.actionFor('/go', '?x=1')).resolves.toEqual({ kind: 'leave', url: 'https://partner.example/?a=1' });
    await expect(lookup.actionFor('/blog', '')).resolves.toBeNull();
  });

  it('answers are cached per path for the TTL (no request per click), concurrent asks share one call', async () => {
    const { lookup, calls, advance } = make({ '/old': { to: '/blog', external: false } });
    await Promise.all([lookup.redirectFor('/old'), lookup.redirectFor('/old'), lookup.redirectFor('/blog')]);
    await lookup.redirectFor('/blog');
    advance(59_999);
    await lookup.redirectFor('/old');
    expect(calls).toEqual(['/old', '/blog']);
    advance(1);
    await expect(lookup.redirectFor('/old')).resolves.toEqual({ to: '/blog', external: false });
    expect(calls).toEqual(['/old', '/blog', '/old']);
  });

  it('fails open: a failed lookup is no redirect and is asked again next time', async () => {
    const { lookup, calls } = make({ '/x': new Error('api down') });
    await expect(lookup.actionFor('/x', '')).resolves.toBeNull();
    await expect(lookup.redirectFor('/x')).resolves.toBeNull();
    expect(calls).toEqual(['/x', '/x']);
  });

  it('redirectLocation: the target’s own query first, then the request’s', () => {
    expect(redirectLocation({ to: '/a?b=1', external: false }, '?c=2')).toBe('/a?b=1&c=2');
    expect(redirectLocation({ to: '/a', external: false }, 'c=2')).toBe('/a?c=2');
    expect(redirectLocation({ to: 'https://x.example', external: true }, '?c=2')).toBe('https://x.example');
  });
});
