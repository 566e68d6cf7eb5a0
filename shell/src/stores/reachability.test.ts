import { internetReachable, reachabilityUrl } from './reachability';

describe('§4 internet reachability (not our api)', () => {
  it('offline by navigator.onLine: unreachable, without asking anything', async () => {
    const probe = jest.fn(async () => undefined);
    await expect(internetReachable({ onLine: () => false, url: 'https://example.org/ping', probe })).resolves.toBe(false);
    expect(probe).not.toHaveBeenCalled();
  });

  it('without a REACHABILITY_URL navigator.onLine alone decides', async () => {
    await expect(internetReachable({ onLine: () => true, probe: async () => Promise.reject(new Error('never asked')) })).resolves.toBe(true);
  });

  it('with one, the URL must answer: any answer counts, a network failure or timeout does not', async () => {
    const asked: [string, number][] = [];
    const ok = async (url: string, timeoutMs: number) => void asked.push([url, timeoutMs]);
    await expect(internetReachable({ onLine: () => true, url: 'https://example.org/ping', probe: ok })).resolves.toBe(true);
    expect(asked).toEqual([['https://example.org/ping', 5000]]);
    const failing = async () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(internetReachable({ onLine: () => true, url: 'https://example.org/ping', probe: failing })).resolves.toBe(false);
  });

  it('REACHABILITY_URL is an absolute http(s) URL or nothing', () => {
    expect(reachabilityUrl(' https://example.org/ping ')).toBe('https://example.org/ping');
    expect(reachabilityUrl('http://captive.example/')).toBe('http://captive.example/');
    expect(reachabilityUrl('/api/v1/healthz')).toBeUndefined();
    expect(reachabilityUrl('javascript:alert(1)')).toBeUndefined();
    expect(reachabilityUrl(undefined)).toBeUndefined();
    expect(reachabilityUrl('')).toBeUndefined();
  });
});
