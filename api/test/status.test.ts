// The public status page (issue 13): §4 health counted once per minute bucket into per-day aggregates (two replicas
// never double count), NO_DATA for days without a check, okRatio exact to 6 digits, incidents (open ones and those of
// the period, newest first) posted and moved by an ADMIN only (§6: anonymous 401, a user ERR_NOT_ENOUGH_PERMISSIONS),
// logged with the admin's account id. A clock is injected: no waiting.
import { randomBytes } from 'node:crypto';
import { ApiErrorBodySchema, STATUS_HISTORY_DAYS, StatusPageSchema, type Health } from 'shared-contracts/server';
import { runAdminCli } from '../src/cli/admin';
import { migrate } from '../src/db/migrate';
import { startApi, type RunningApi } from '../src/main';
import { createStatusRepo } from '../src/modules/status/repo';
import { createStatusService, okRatio, STARTUP_GRACE_MS, startStatusRecorder } from '../src/modules/status/service';
import { testConfig } from './helpers/accounts';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const DAY = 86_400_000;
const MINUTE = 60_000;
const PASSWORD = 'Correct-Horse-42';

const health = (status: Health['status']): Health => ({
  status,
  version: 'test',
  sandbox: { market: true, custody: true, provider: true, mail: true },
  checks: { db: status === 'UNHEALTHY' ? 'down' : 'up', market: status === 'OK' ? 'up' : 'down' },
});

describe('okRatio', () => {
  it('is a decimal string rounded down to 6 digits', () => {
    expect(okRatio(1440, 1440)).toBe('1');
    expect(okRatio(0, 5)).toBe('0');
    expect(okRatio(1, 2)).toBe('0.5');
    expect(okRatio(1439, 1440)).toBe('0.999305');
    expect(okRatio(2, 3)).toBe('0.666666');
  });
});

describe('startStatusRecorder', () => {
  it('records at once, then on every interval, and stops', async () => {
    jest.useFakeTimers();
    try {
      let calls = 0;
      const recorder = startStatusRecorder(
        async () => void calls++,
        MINUTE,
        () => undefined,
      );
      expect(calls).toBe(1);
      await jest.advanceTimersByTimeAsync(3 * MINUTE);
      expect(calls).toBe(4);
      await recorder.stop();
      await jest.advanceTimersByTimeAsync(3 * MINUTE);
      expect(calls).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe.each(BACKENDS)('status history on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  // Far in the future, so that no other run on the same database writes these days.
  const start = Date.UTC(2126, 0, 10, 12, 0, 0);
  function service(o: { now: () => number; status: () => Health['status']; neverPriced?: boolean }) {
    return createStatusService({
      repo: createStatusRepo(t.handle),
      checkHealth: async () => health(o.status()),
      marketNeverPriced: () => o.neverPriced ?? false,
      now: o.now,
    });
  }

  it(`counts checks per day with the worst status, ${STATUS_HISTORY_DAYS} days oldest first, NO_DATA elsewhere`, async () => {
    let now = start;
    let status: Health['status'] = 'OK';
    const s = service({ now: () => now, status: () => status });
    // Day 1 (2126-01-10): three OK checks and a degraded one.
    for (let i = 0; i < 3; i++) {
      expect(await s.recordNow()).toBe(true);
      now += MINUTE;
    }
    status = 'TECHNICAL_DIFFICULTIES';
    await s.recordNow();
    // Day 3: one OK check and one UNHEALTHY.
    now = start + 2 * DAY;
    status = 'OK';
    await s.recordNow();
    now += MINUTE;
    status = 'UNHEALTHY';
    await s.recordNow();
    status = 'OK';
    const page = StatusPageSchema.parse(await s.page());
    expect(page.current).toBe('OK');
    expect(page.checkedAt).toBe(new Date(now).toISOString());
    expect(page.days).toHaveLength(STATUS_HISTORY_DAYS);
    expect(page.days.at(-1)).toEqual({ date: '2126-01-12', status: 'UNHEALTHY', okRatio: '0.5' });
    expect(page.days.at(-2)).toEqual({ date: '2126-01-11', status: 'NO_DATA', okRatio: null });
    expect(page.days.at(-3)).toEqual({ date: '2126-01-10', status: 'TECHNICAL_DIFFICULTIES', okRatio: '0.75' });
    expect(page.days[0].date).toBe(new Date(start + 2 * DAY - (STATUS_HISTORY_DAYS - 1) * DAY).toISOString().slice(0, 10));
  });

  it('counts a minute once, whichever replica records it', async () => {
    const now = start + 40 * DAY;
    const a = service({ now: () => now, status: () => 'OK' });
    const b = service({ now: () => now + 30_000, status: () => 'UNHEALTHY' });
    const counted = await Promise.all([a.recordNow(), b.recordNow(), a.recordNow()]);
    expect(counted.filter(Boolean)).toHaveLength(1);
    const [day] = await t.handle.withSession((q) => q.query<{ checks: number }>("SELECT checks FROM status_days WHERE day = '2126-02-19'"));
    expect(Number(day.checks)).toBe(1);
  });

  it('does not record the stale-price status of a process whose price board has not ticked yet, within the start-up grace', async () => {
    let now = start + 50 * DAY;
    const s = service({ now: () => now, status: () => 'TECHNICAL_DIFFICULTIES', neverPriced: true });
    expect(await s.recordNow()).toBe(false);
    now += STARTUP_GRACE_MS;
    expect(await s.recordNow()).toBe(true);
  });

  it('lists open incidents and those of the period, newest first; a resolved one from before the period is gone', async () => {
    let now = start + 200 * DAY;
    const s = service({ now: () => now, status: () => 'OK' });
    const old = await s.createIncident({ title: 'Old resolved', body: 'Long ago', severity: 'minor', state: 'investigating' }, null);
    await s.updateIncident({ id: old.id, state: 'resolved' }, null);
    const oldOpen = await s.createIncident({ title: 'Old but open', body: 'Still going', severity: 'major', state: 'identified' }, null);
    now += 100 * DAY;
    const recent = await s.createIncident({ title: 'Recent', body: 'Deposits delayed', severity: 'critical', state: 'investigating' }, null);
    now += MINUTE;
    const resolved = await s.updateIncident({ id: recent.id, state: 'resolved', body: 'Fixed: deposits credited' }, null);
    expect(resolved).toMatchObject({ state: 'resolved', body: 'Fixed: deposits credited', resolvedAt: new Date(now).toISOString() });
    const page = await s.page();
    const ids = page.incidents.map((i) => i.id);
    expect(ids.indexOf(recent.id)).toBeLessThan(ids.indexOf(oldOpen.id));
    expect(ids).not.toContain(old.id);
    // Reopening clears resolvedAt.
    expect(await s.updateIncident({ id: recent.id, state: 'monitoring' }, null)).toMatchObject({ state: 'monitoring', resolvedAt: null });
  });

  it('`pnpm admin incident` posts, moves and lists incidents with the admin API’s checks', async () => {
    const out: string[] = [];
    const cli = (args: string[]) => runAdminCli(['incident', ...args], { db: t.handle, config: testConfig(), out: (l) => out.push(l) });
    expect(await cli(['add', 'major', 'Withdrawals slow', 'Payouts take longer than usual.'])).toBe(0);
    const id = /posted incident (\d+)/.exec(out.at(-1) ?? '')?.[1] as string;
    expect(id).toMatch(/^\d+$/);
    expect(await cli(['update', id, 'resolved', 'All payouts sent.'])).toBe(0);
    expect(out.at(-1)).toBe(`incident ${id} is resolved`);
    expect(await cli(['add', 'apocalyptic', 'Title', 'Body text'])).toBe(1);
    expect(out.at(-1)).toMatch(/^refused: severity/);
    expect(await cli(['update', '999999999', 'resolved'])).toBe(1);
    expect(await cli(['update'])).toBe(2);
    expect(await cli(['list'])).toBe(0);
    expect(out.join('\n')).toContain(`${id}  major  resolved`);
  });

  it('answers ERR_NOT_FOUND for an unknown or malformed incident id', async () => {
    const s = service({ now: () => start, status: () => 'OK' });
    for (const id of ['999999999', 'abc', '1; DROP TABLE status_incidents', '99999999999999999999999']) {
      await expect(s.updateIncident({ id, state: 'resolved' }, null)).rejects.toMatchObject({ statusCode: 404, code: 'ERR_NOT_FOUND' });
    }
  });
});

describe.each(BACKENDS)('status routes on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let admin: Browser;
  let adminId: number;
  let user: Browser;
  const logLines: string[] = [];
  let ipSeq = 0;
  const browser = () => new Browser(api.url, `10.15.0.${++ipSeq}`);
  const config = () => testConfig({ LOG_LEVEL: 'info' });

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(config(), {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { rateLimitPrefix: `st${randomBytes(4).toString('hex')}` },
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

  it("records today's health at start: the page shows today's status", async () => {
    let page = StatusPageSchema.parse((await browser().get('/api/v1/status')).body);
    for (let i = 0; i < 50 && page.days.at(-1)?.status === 'NO_DATA'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      page = StatusPageSchema.parse((await browser().get('/api/v1/status')).body);
    }
    expect(page.current).toBe('OK');
    expect(page.days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), status: 'OK', okRatio: '1' });
  });

  it('lets an admin post and resolve an incident, shown on the public page; logs the admin account id', async () => {
    const created = await admin.post('/api/v1/admin/status/incidents', {
      title: 'Deposits delayed',
      body: 'BTC deposits are slow to confirm.',
      severity: 'major',
    });
    expect(created).toMatchObject({ status: 200, body: { title: 'Deposits delayed', state: 'investigating', resolvedAt: null } });
    const id = created.body.id as string;
    expect((await browser().get('/api/v1/status')).body.incidents[0]).toMatchObject({ id, state: 'investigating' });
    const resolved = await admin.post('/api/v1/admin/status/incidents/update', { id, state: 'resolved', body: 'All deposits credited.' });
    expect(resolved).toMatchObject({ status: 200, body: { id, state: 'resolved', body: 'All deposits credited.' } });
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));
    const lines = logLines.filter((l) => l.includes('status incident')).map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({ accountId: adminId, incidentId: id, state: 'investigating' }),
      expect.objectContaining({ accountId: adminId, incidentId: id, state: 'resolved' }),
    ]);
  });

  it('refuses the incident routes to a guest (401) and a user (403), and bad input with ERR_VALIDATION / ERR_NOT_FOUND', async () => {
    const body = { title: 'Nope', body: 'Not an admin', severity: 'minor' };
    for (const [who, b, status, code] of [
      ['guest', browser(), 401, 'ERR_UNAUTHORIZED'],
      ['user', user, 403, 'ERR_NOT_ENOUGH_PERMISSIONS'],
    ] as const) {
      for (const [path, payload] of [
        ['/api/v1/admin/status/incidents', body],
        ['/api/v1/admin/status/incidents/update', { id: '1', state: 'resolved' }],
      ] as const) {
        const res = await b.post(path, payload);
        expect([who, path, res.status, res.body.code]).toEqual([who, path, status, code]);
      }
    }
    const bad = await admin.post('/api/v1/admin/status/incidents', { title: 'x', body: 'y', severity: 'apocalyptic' });
    expect(bad.status).toBe(400);
    expect(ApiErrorBodySchema.parse(bad.body).code).toBe('ERR_VALIDATION');
    const missing = await admin.post('/api/v1/admin/status/incidents/update', { id: 'nope', state: 'resolved' });
    expect([missing.status, missing.body.code]).toEqual([404, 'ERR_NOT_FOUND']);
  });
});
