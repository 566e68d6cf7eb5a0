// Per-network status (issue 29): GET /api/v1/status/networks lists every active network with its deposits and
// payouts working / delayed / paused; an operator's incident (admin API or `pnpm admin network-incident`) makes its
// network delayed or paused and shows in the Atom feed with its updates; resolving it clears it. Without an incident,
// the custody's signal (a real chain's follower behind or its node down) and the sandbox's order progress (a stalled
// deposit or payout) decide. The feed's XML is parsed in atomFeed.test.ts (jsdom's XML parser) and in the browser
// (e2e network-status.spec.ts); here its type, namespace and entries are read from the api's answer.
import { randomBytes } from 'node:crypto';
import { NetworkStatusListSchema, type NetworkStatusList } from 'shared-contracts/server';
import { runAdminCli } from '../src/cli/admin';
import { migrate } from '../src/db/migrate';
import { startApi, type RunningApi } from '../src/main';
import type { InstrumentRecord } from '../src/modules/instruments';
import type { NetworkRepo } from '../src/modules/status/networkRepo';
import { chainStates, createNetworkService, LAG_DELAYED_BLOCKS, STALL_MS } from '../src/modules/status/networkService';
import { testConfig } from './helpers/accounts';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const PASSWORD = 'Correct-Horse-42';
const ATOM_NS = 'http://www.w3.org/2005/Atom';

const instrument = (slug: string, networkTitle: string, extra: Partial<InstrumentRecord> = {}) =>
  ({ slug, networkTitle, isFiat: false, isActive: true, requiredConfirmations: 2, ...extra }) as InstrumentRecord;

describe('chainStates (a real chain custody signal)', () => {
  const ok = { latestBlockSeen: '100', nodeHead: '101', lagBlocks: 1, error: null };
  it('is working while the follower keeps up and the node and signer answer', () => {
    expect(chainStates(ok)).toEqual({ deposits: 'working', payouts: 'working' });
  });
  it('delays deposits when the follower is far behind, both when the node is down, payouts when the signer is', () => {
    expect(chainStates({ ...ok, lagBlocks: LAG_DELAYED_BLOCKS })).toEqual({ deposits: 'delayed', payouts: 'working' });
    expect(chainStates({ ...ok, nodeHead: null, lagBlocks: null, error: 'node: ECONNREFUSED' })).toEqual({ deposits: 'delayed', payouts: 'delayed' });
    expect(chainStates({ ...ok, error: 'signer: timeout' })).toEqual({ deposits: 'working', payouts: 'delayed' });
  });
});

describe('createNetworkService without incidents', () => {
  const now = Date.UTC(2126, 0, 1);
  const repo = (progress: Awaited<ReturnType<NetworkRepo['progressBySlug']>>) =>
    ({ openIncidents: async () => [], progressBySlug: async () => progress }) as unknown as NetworkRepo;
  const instruments = [
    instrument('btc', 'BTC'),
    instrument('eth', 'ETH'),
    instrument('usdterc20', 'ERC20'),
    instrument('usd', 'CARD', { isFiat: true }),
    instrument('doge', 'DOGE', { isActive: false }),
  ];

  it('lists each active crypto network once; the sandbox ones delayed by a stalled deposit or payout, the real one by its chain', async () => {
    const service = createNetworkService({
      repo: repo({
        deposits: new Map([
          ['btc', { lastConfirmationAt: new Date(now - 60_000), oldestConfirmingSince: new Date(now - STALL_MS - 1) }],
          ['eth', { lastConfirmationAt: new Date(now - 5_000), oldestConfirmingSince: null }],
        ]),
        payouts: new Map([['btc', new Date(now - 1000)]]),
      }),
      instruments: { all: () => instruments },
      custody: { isReal: (i) => i.networkTitle === 'ETH' || i.networkTitle === 'ERC20', secondsPerConfirmation: () => 10 },
      chainHealth: async () => ({ latestBlockSeen: '12345', nodeHead: '12400', lagBlocks: 55, error: null }),
      now: () => now,
    });
    const list = NetworkStatusListSchema.parse(await service.list());
    expect(list.networks.map((n) => n.networkTitle)).toEqual(['BTC', 'ETH', 'ERC20']);
    expect(list.networks[0]).toMatchObject({
      networkTitle: 'BTC',
      deposits: 'delayed',
      payouts: 'working',
      source: 'orders',
      lastBlock: null,
      lastConfirmationAt: new Date(now - 60_000).toISOString(),
      estimatedSeconds: { p50: 2 * 10 + 120, p90: 2 * (2 * 10 + 120), basis: 'default', sampleSize: 0 },
    });
    expect(list.networks[1]).toMatchObject({ networkTitle: 'ETH', deposits: 'delayed', payouts: 'working', source: 'custody', lastBlock: '12345' });
  });

  it('uses the estimates module when given one', async () => {
    const estimate = { p50: 300, p90: 900, basis: 'measured' as const, sampleSize: 40 };
    const service = createNetworkService({
      repo: repo({ deposits: new Map(), payouts: new Map() }),
      instruments: { all: () => [instrument('btc', 'BTC')] },
      custody: { isReal: () => false, secondsPerConfirmation: () => 600 },
      chainHealth: null,
      estimateFor: (network) => (network === 'BTC' ? estimate : { ...estimate, p50: 0 }),
      now: () => now,
    });
    expect((await service.list()).networks).toEqual([
      expect.objectContaining({ networkTitle: 'BTC', deposits: 'working', payouts: 'working', estimatedSeconds: estimate }),
    ]);
  });
});

describe.each(BACKENDS)('network status routes on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let admin: Browser;
  let adminId: number;
  let user: Browser;
  const logLines: string[] = [];
  let ipSeq = 0;
  const browser = () => new Browser(api.url, `10.29.0.${++ipSeq}`);
  const config = () => testConfig({ LOG_LEVEL: 'info' });
  const networks = async (): Promise<NetworkStatusList> => {
    const res = await browser().get('/api/v1/status/networks');
    expect(res.status).toBe(200);
    return NetworkStatusListSchema.parse(res.body);
  };
  const network = async (title: string) => (await networks()).networks.find((n) => n.networkTitle === title);
  const feed = async () => {
    const res = await fetch(`${api.url}/api/v1/status/incidents.atom`, { headers: { 'x-forwarded-for': `10.29.1.${++ipSeq}` } });
    return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), text: await res.text() };
  };

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    api = await startApi(config(), {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { rateLimitPrefix: `ns${randomBytes(4).toString('hex')}` },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;
    const code = await runAdminCli(['create', adminEmail, '--email-confirmed'], {
      db: t.handle,
      config: config(),
      env: { ADMIN_PASSWORD: PASSWORD },
      out: () => undefined,
    });
    expect(code).toBe(0);
    admin = browser();
    expect((await admin.post('/api/v1/users/local/authenticate', { email: adminEmail, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
    adminId = (await admin.get('/api/v1/users/account-data')).body.userId;
    const userEmail = `user-${randomBytes(4).toString('hex')}@example.com`;
    user = browser();
    await user.post('/api/v1/users/local/create', { email: userEmail, password: PASSWORD, browserFingerprint: 'fp' });
    expect((await user.post('/api/v1/users/local/authenticate', { email: userEmail, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('lists every active network of the instruments, each working, cached publicly', async () => {
    const instruments = (await browser().get('/api/v2/instruments/public')).body as Array<{ networkTitle: string; instrumentType: string; isActive: boolean }>;
    const active = [...new Set(instruments.filter((i) => i.instrumentType === 'crypto' && i.isActive).map((i) => i.networkTitle))];
    expect(active.length).toBeGreaterThan(3);
    const res = await browser().get('/api/v1/status/networks');
    expect(res.headers.get('cache-control')).toBe('public, max-age=15');
    const list = NetworkStatusListSchema.parse(res.body);
    expect(list.networks.map((n) => n.networkTitle).sort()).toEqual([...active].sort());
    for (const n of list.networks) {
      expect([n.networkTitle, n.deposits, n.payouts, n.source, n.incident]).toEqual([n.networkTitle, 'working', 'working', 'orders', null]);
      expect(n.estimatedSeconds.p90).toBeGreaterThanOrEqual(n.estimatedSeconds.p50);
    }
  });

  it('an incident makes its network paused then delayed, shows in the feed with its updates, and resolving it clears it', async () => {
    const opened = await admin.post('/api/v1/admin/status/network-incidents', {
      networkTitle: 'btc',
      scope: 'deposits',
      state: 'paused',
      title: 'BTC deposits paused',
      body: 'The BTC node is being upgraded.',
    });
    expect(opened).toMatchObject({ status: 200, body: { networkTitle: 'BTC', scope: 'deposits', state: 'paused', resolvedAt: null } });
    const id = opened.body.id as string;
    expect(await network('BTC')).toMatchObject({ deposits: 'paused', payouts: 'working', source: 'incident', incident: { id, title: 'BTC deposits paused' } });
    expect(await network('ETH')).toMatchObject({ deposits: 'working', payouts: 'working' });

    const delayed = await admin.post('/api/v1/admin/status/network-incidents/update', {
      id,
      state: 'delayed',
      body: 'Node back; deposits <catching up> & credited.',
    });
    expect(delayed).toMatchObject({ status: 200, body: { id, state: 'delayed', resolvedAt: null } });
    expect(delayed.body.updates.map((u: { state: string }) => u.state)).toEqual(['paused', 'delayed']);
    expect(await network('BTC')).toMatchObject({ deposits: 'delayed', payouts: 'working' });

    const open = await feed();
    expect(open.status).toBe(200);
    expect(open.type).toBe('application/atom+xml; charset=utf-8');
    expect(open.cache).toBe('public, max-age=60');
    expect(open.text.startsWith(`<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="${ATOM_NS}">`)).toBe(true);
    const entry = open.text.slice(open.text.indexOf(`#network-incident-${id}</id>`));
    expect(entry).toContain('<title>BTC deposits delayed: BTC deposits paused</title>');
    expect(entry).toContain('paused: The BTC node is being upgraded.');
    expect(entry).toContain('delayed: Node back; deposits &lt;catching up&gt; &amp; credited.');
    expect(entry).toContain('<category term="network:BTC"/>');

    const resolved = await admin.post('/api/v1/admin/status/network-incidents/update', { id, state: 'resolved', body: 'All deposits credited.' });
    expect(resolved).toMatchObject({ status: 200, body: { id, state: 'delayed', resolvedAt: expect.any(String) } });
    expect(await network('BTC')).toMatchObject({ deposits: 'working', payouts: 'working', source: 'orders', incident: null });
    const after = await feed();
    expect(after.text).toContain('<title>BTC deposits resolved: BTC deposits paused</title>');
    expect(after.text).toContain('resolved: All deposits credited.');

    const again = await admin.post('/api/v1/admin/status/network-incidents/update', { id, state: 'paused', body: 'Reopen attempt' });
    expect([again.status, again.body.code]).toEqual([422, 'ERR_UNPROCESSABLE_ENTITY']);

    const lines = logLines.filter((l) => l.includes('network incident')).map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({ accountId: adminId, networkIncidentId: id, network: 'BTC', scope: 'deposits', state: 'paused' }),
      expect.objectContaining({ accountId: adminId, networkIncidentId: id, network: 'BTC', state: 'delayed' }),
      expect.objectContaining({ accountId: adminId, networkIncidentId: id, network: 'BTC', state: 'resolved' }),
    ]);
  });

  it('the worst open incident of a network wins per direction; the feed carries the status page incidents too', async () => {
    const a = await admin.post('/api/v1/admin/status/network-incidents', {
      networkTitle: 'ETH',
      scope: 'both',
      state: 'delayed',
      title: 'ETH slow',
      body: 'Congestion.',
    });
    const b = await admin.post('/api/v1/admin/status/network-incidents', {
      networkTitle: 'ETH',
      scope: 'payouts',
      state: 'paused',
      title: 'ETH payouts paused',
      body: 'Hot wallet refill.',
    });
    expect(await network('ETH')).toMatchObject({ deposits: 'delayed', payouts: 'paused', source: 'incident', incident: { id: b.body.id } });
    const posted = await admin.post('/api/v1/admin/status/incidents', { title: 'Site slow', body: 'Pages load slowly.', severity: 'minor' });
    expect(posted.status).toBe(200);
    const text = (await feed()).text;
    expect(text).toContain(`/status#incident-${posted.body.id}</id>`);
    expect(text).toContain('<title>Site slow (investigating)</title>');
    for (const id of [a.body.id, b.body.id]) {
      expect((await admin.post('/api/v1/admin/status/network-incidents/update', { id, state: 'resolved', body: 'Done.' })).status).toBe(200);
    }
    expect(await network('ETH')).toMatchObject({ deposits: 'working', payouts: 'working' });
  });

  it('refuses the admin routes to a guest (401) and a user (403); an unknown network or incident is refused', async () => {
    const body = { networkTitle: 'BTC', scope: 'both', state: 'paused', title: 'Nope', body: 'Not an admin' };
    for (const [who, b, status, code] of [
      ['guest', browser(), 401, 'ERR_UNAUTHORIZED'],
      ['user', user, 403, 'ERR_NOT_ENOUGH_PERMISSIONS'],
    ] as const) {
      for (const [path, payload] of [
        ['/api/v1/admin/status/network-incidents', body],
        ['/api/v1/admin/status/network-incidents/update', { id: '1', state: 'resolved', body: 'nope' }],
      ] as const) {
        const res = await b.post(path, payload);
        expect([who, path, res.status, res.body.code]).toEqual([who, path, status, code]);
      }
    }
    const unknown = await admin.post('/api/v1/admin/status/network-incidents', { ...body, networkTitle: 'NOPE' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'ERR_NETWORK_NOT_SUPPORTED']);
    const bad = await admin.post('/api/v1/admin/status/network-incidents', { ...body, state: 'broken' });
    expect([bad.status, bad.body.code]).toEqual([400, 'ERR_VALIDATION']);
    for (const id of ['999999999', 'abc', '1; DROP TABLE network_incidents']) {
      const missing = await admin.post('/api/v1/admin/status/network-incidents/update', { id, state: 'resolved', body: 'nope' });
      expect([id, missing.status, missing.body.code]).toEqual([id, 404, 'ERR_NOT_FOUND']);
    }
  });

  it('`pnpm admin network-incident` opens, updates, resolves and lists', async () => {
    const out: string[] = [];
    const cli = (args: string[]) => runAdminCli(['network-incident', ...args], { db: t.handle, config: config(), out: (l) => void out.push(l) });
    expect(await cli(['open', 'LTC', 'payouts', 'delayed', 'LTC payouts slow', 'Payouts are queued.'])).toBe(0);
    const id = /opened network incident (\d+)/.exec(out.at(-1) ?? '')?.[1] as string;
    expect(id).toMatch(/^\d+$/);
    // the api's list is cached for a few seconds per replica; another process (the CLI) is seen after that
    expect(await cli(['update', id, 'paused', 'Payouts stopped for maintenance.'])).toBe(0);
    expect(out.at(-1)).toBe(`network incident ${id} is paused`);
    expect(await cli(['update', id, 'resolved', 'All payouts sent.'])).toBe(0);
    expect(out.at(-1)).toBe(`network incident ${id} is resolved`);
    expect(await cli(['open', 'NOPE', 'payouts', 'delayed', 'Title', 'Body text'])).toBe(1);
    expect(out.at(-1)).toMatch(/^refused: No active network NOPE/);
    expect(await cli(['open', 'LTC', 'everything', 'delayed', 'Title', 'Body text'])).toBe(1);
    expect(out.at(-1)).toMatch(/^refused: scope/);
    expect(await cli(['update', id, 'delayed', 'Again'])).toBe(1);
    expect(await cli(['update'])).toBe(2);
    expect(await cli(['list'])).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`${id}  LTC  payouts  resolved `));
  });
});
