// Issue 14, "Two replicas in CI": the production shape — PostgreSQL (a fresh database on the shared server), Redis
// (a private server), two api processes (NODE_ENV=production in SANDBOX_MODE, secrets set, as docker-compose.yml
// runs them) and web with both in API_URL (web/src/apiUpstream.ts). One guest journey proves:
//   - it works whichever replica answers: both replicas served the page's calls (web's x-api-replica, on with
//     WEB_REPLICA_HEADER for this test), then one replica is killed (SIGKILL) before the deposit and the journey
//     goes on to completion on the order page, live, without a reload;
//   - ticks arrive once: every tick number is published once on Redis (one leader, api/src/realtime/leader.ts),
//     and a WebSocket client through web sees each tick's time once, in order, across the kill;
//   - the order job never double-processes: the order's events in the database have no duplicate transition, the
//     payout happened once.
// Then a rolling restart (SIGTERM, start again, one replica after the other) under a stream of order creates through web
// loses none (the api's drain, api/src/lifecycle/drain.ts, and web's retry of what no replica processed). Then both
// replicas down: web answers API calls with 503 ERR_SERVICE_UNAVAILABLE (§8) and the page shows the §4
// health gating (the maintenance page).
// Issue 24: KYC documents live in the database, so a verification uploaded through one replica is downloaded by the
// admin through the other (each replica with a KYC_STORAGE_DIR of its own would have lost it before).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type OwnStack, type Replica, startOwnStack } from '../harness/ownStack';
import { ADDRESSES, expectOrderPage, startExchange } from '../helpers/orders';

const SANDBOX_TOKEN = randomBytes(24).toString('hex');
const ADMIN = { email: `prod-shape-admin-${Date.now()}@example.com`, password: 'Granite-Lantern-5173' };
const TICK_MS = 500;
const TICK_CHANNEL = 'exchange:rates.tick';

let stack: OwnStack;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startOwnStack({
    label: 'prod-shape',
    admin: { commands: [['create', ADMIN.email, '--email-confirmed']], env: { ADMIN_PASSWORD: ADMIN.password } },
    database: 'postgres',
    redis: true,
    api: {
      replicas: 2,
      env: {
        NODE_ENV: 'production',
        SANDBOX_MODE: 'true',
        SANDBOX_TOKEN,
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'info',
        TICK_INTERVAL_MS: String(TICK_MS),
        CONFIRMATION_INTERVAL_MS: '300',
        // the rolling restart's stream of order creates comes from one address (the default is 30 a minute)
        HTTP_RATE_LIMITS: 'orderCreate=100000',
        SHUTDOWN_GRACE_MS: '300',
        SHUTDOWN_TIMEOUT_MS: '10000',
      },
    },
    web: { env: { NODE_ENV: 'production', WEB_REPLICA_HEADER: 'on' }, readyPath: '/' },
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

/** Every rate tick published on the bus, as Redis delivers it to a subscriber (redis-cli, one value a line). */
function watchBus(redisUrl: string): { ticks: () => { tick: number; at: string }[]; stop: () => void } {
  const child: ChildProcess = spawn('redis-cli', ['-u', redisUrl, 'SUBSCRIBE', TICK_CHANNEL], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => (out += c));
  return {
    ticks: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { tick: number; at: string }),
    stop: () => child.kill(),
  };
}

/**
 * The replica holding the tick leadership now: the only one whose Redis command connection (api bus/connect.ts) last
 * ran a PUBLISH or the lock's renewal (EVAL), not a follower's SET NX (Redis CLIENT LIST), found by that connection's
 * local port (ss -p). The connection also counts the limits (EVALSHA), and a follower may have just published an order
 * event: two candidates at once answer none, and the caller polls again (a follower tries the lock every tick).
 */
function tickLeader(): Replica | undefined {
  const port = new URL(stack.redisUrl!).port;
  const clients = spawnSync('redis-cli', ['-p', port, 'CLIENT', 'LIST'], { encoding: 'utf8' }).stdout.split('\n');
  const candidates = clients.filter((l) => /\bname=exchange-commands\b/.test(l) && /\bcmd=(publish|eval)\b/.test(l));
  const leader = candidates.length === 1 ? candidates[0] : undefined;
  const localPort = leader && /\baddr=[^ ]*:(\d+)/.exec(leader)?.[1];
  if (!localPort) return undefined;
  const owner = /pid=(\d+)/.exec(spawnSync('ss', ['-tnpH', `sport = :${localPort}`], { encoding: 'utf8' }).stdout)?.[1];
  return stack.replicas.find((r) => String(r.pid) === owner);
}

/** A WebSocket client through web, subscribed to one pair's rates: the updatedAt of every data frame. */
async function watchSocket(webUrl: string): Promise<{ updatedAts: string[]; connections: string[][]; closes: number[]; stop: () => void }> {
  const seen = { updatedAts: [] as string[], connections: [] as string[][], closes: [] as number[] };
  let stopped = false;
  let socket: WebSocket | undefined;
  const open = () => {
    socket = new WebSocket(`${webUrl.replace('http', 'ws')}/api/v2/ws`);
    const connection: string[] = [];
    seen.connections.push(connection);
    socket.onopen = () =>
      socket?.send(JSON.stringify({ event: 'pairs.rates', data: { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.05' } }));
    socket.onmessage = (e) => {
      const frame = JSON.parse(String(e.data)) as { channel: string; event: string; data: { updatedAt?: string } };
      if (frame.channel === 'pairs' && frame.event === 'data' && frame.data.updatedAt) {
        seen.updatedAts.push(frame.data.updatedAt);
        connection.push(frame.data.updatedAt);
      }
    };
    // a client reconnects (the replica it was on may be the one killed); web sends it to a live one
    socket.onclose = (e) => {
      seen.closes.push(e.code);
      if (!stopped) setTimeout(open, 200);
    };
  };
  open();
  await expect.poll(() => seen.updatedAts.length, { message: 'no rate frame through web' }).toBeGreaterThan(0);
  return {
    ...seen,
    stop: () => {
      stopped = true;
      socket?.close();
    },
  };
}

/** A page whose goto waits until the app is live (hydrated): a click before that would be lost. */
async function livePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    await page.locator('html[data-app-live]').waitFor({ state: 'attached', timeout: 30_000 });
    return res;
  };
  return page;
}

/** 24×16 pictures the api decodes and re-encodes (a JPEG; the same as e2e/tests/verification.spec.ts) */
const JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAAECA//EACcQAAEDAwEHBQAAAAAAAAAAAAECAwQAESEFEhMxQVGRkyM1QmHS/8QAFwEAAwEAAAAAAAAAAAAAAAAAAAECBf/EACARAAEDAgcAAAAAAAAAAAAAAAEAAhGx0RIhMUGRwcL/2gAMAwEAAhEDEQA/AE9Chw3w2/prDJKQoJW4gm3b6NW61BXFVuY0JDgyFLcskdb2seF6uQ2hmPvnBpmyg52W1jjj4qJPLlSjzomPb/HIrWlxEiTyp3I7NMws46G8eponnX+qKbRWlVhqrih1DCbHuiik7FOtbIa5wEeTZf/Z',
  'base64',
);

async function signIn(request: APIRequestContext, email: string, password: string): Promise<void> {
  const res = await request.post(`${stack.webUrl}/api/v1/users/local/authenticate`, {
    headers: { origin: stack.webUrl },
    data: { email, password, browserFingerprint: '' },
  });
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200);
}

test('KYC documents uploaded through one replica are downloaded by the admin through the other (issue 24)', async ({ playwright }) => {
  const user = await playwright.request.newContext();
  const admin = await playwright.request.newContext();
  try {
    const email = `prod-shape-kyc-${Date.now()}@example.com`;
    const password = 'Harbour-Quill-8042';
    const created = await user.post(`${stack.webUrl}/api/v1/users/local/create`, {
      headers: { origin: stack.webUrl },
      data: { email, password, browserFingerprint: '', locale: 'en' },
    });
    expect(created.status(), await created.text()).toBe(200);
    await signIn(user, email, password);
    const photo = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: JPEG });
    const submitted = await user.post(`${stack.webUrl}/api/v1/users/kyc/submit`, {
      headers: { origin: stack.webUrl },
      multipart: {
        residenceCountry: 'DE',
        identityType: 'idcard',
        firstName: 'Ottilie',
        lastName: 'Brennholz',
        issueCountry: 'DE',
        birthDate: '1990-04-01',
        identityNumber: 'L01X00T47',
        expireDate: '2031-05-01',
        facePhoto: photo('face.jpg'),
        frontPhoto: photo('front.jpg'),
        backendPhoto: photo('back.jpg'),
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
    const writer = submitted.headers()['x-api-replica'];
    expect(writer).toMatch(/^[12]$/);
    // in the database (sealed chunks), which both replicas share
    expect(Number(stack.sql('SELECT count(*) FROM kyc_document_chunks')[0][0])).toBeGreaterThanOrEqual(3);

    await signIn(admin, ADMIN.email, ADMIN.password);
    const list = await admin.get(`${stack.webUrl}/api/v1/admin/kyc?status=CREATED`);
    const item = ((await list.json()) as { items: { verificationId: string; email: string }[] }).items.find((i) => i.email === email);
    expect(item).toBeDefined();
    for (const kind of ['face', 'front', 'back']) {
      // web's round robin: within a few calls one lands on the replica that did not take the upload
      let res = await admin.get(`${stack.webUrl}/api/v1/admin/kyc/${item?.verificationId}/documents/${kind}`);
      for (let i = 0; i < 6 && res.headers()['x-api-replica'] === writer; i++) {
        res = await admin.get(`${stack.webUrl}/api/v1/admin/kyc/${item?.verificationId}/documents/${kind}`);
      }
      expect(res.headers()['x-api-replica'], `${kind} read through the other replica`).not.toBe(writer);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/jpeg');
      const jpeg = await res.body();
      expect([jpeg[0], jpeg[1], jpeg[2]]).toEqual([0xff, 0xd8, 0xff]);
    }
  } finally {
    await user.dispose();
    await admin.dispose();
  }
});

test('a guest journey across two replicas, one killed midway: completes live; ticks once; the order processed once', async ({ browser }) => {
  test.setTimeout(90_000);
  const bus = watchBus(stack.redisUrl!);
  // two clients opened one after the other: web's round robin puts them on different replicas
  const sockets = [await watchSocket(stack.webUrl), await watchSocket(stack.webUrl)];

  const context = await browser.newContext({ baseURL: stack.webUrl });
  const page = await livePage(context);
  // which replica answered each of the page's API calls, and what status web gave
  const answers: { replica: string | undefined; status: number; url: string; at: number }[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/'))
      answers.push({ replica: r.headers()['x-api-replica'], status: r.status(), url: r.url(), at: Date.now() });
  });

  await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05' });
  await page.getByTestId('destination-address').fill(ADDRESSES.eth);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  const { orderId, destinationAddress } = await expectOrderPage(page);
  await page.evaluate(() => ((window as unknown as { __sameDocument?: number }).__sameDocument = 1));

  // both replicas have served the page (web spreads the calls round-robin)
  const servedBy = new Set(answers.map((a) => a.replica).filter(Boolean));
  expect([...servedBy].sort(), `replicas that answered: ${JSON.stringify(answers.map((a) => a.replica))}`).toEqual(['1', '2']);

  // the tick leader dies mid-journey, before the customer pays
  const leader = await expect
    .poll(() => tickLeader(), { message: 'no tick leader found' })
    .not.toBeUndefined()
    .then(() => tickLeader()!);
  const survivor = stack.replicas.find((r) => r !== leader)!;
  const survivorNo = String(stack.replicas.indexOf(survivor) + 1);
  const killedAt = Date.now();
  await leader.kill('SIGKILL');

  const headers = { origin: stack.webUrl, accept: 'application/json' };
  const info = await context.request.get('/api/v1/orders/public-info', { params: { orderId, destinationAddress }, headers });
  expect(info.status(), await info.text()).toBe(200);
  const { claimedDepositAmount } = (await info.json()) as { claimedDepositAmount: string };
  // the sandbox deposit through web, with the operator token (NODE_ENV=production); a refused replica is skipped
  const deposit = await context.request.post(`/api/v1/sandbox/orders/${encodeURIComponent(orderId)}/deposit`, {
    headers: { ...headers, 'x-sandbox-token': SANDBOX_TOKEN },
    data: { amount: claimedDepositAmount },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);
  expect(deposit.headers()['x-api-replica']).toBe(survivorNo);

  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 45_000 });
  await expect(page.getByTestId('payout-tx')).not.toBeEmpty();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument), 'the order page was reloaded').toBe(1);
  // from the page, after the kill, only the live replica answers (web sets the dead one aside)
  // (past the first second after the kill, when a call in flight to the dead replica may still have failed)
  await page.waitForTimeout(Math.max(0, killedAt + 1000 - Date.now()));
  for (let i = 0; i < 4; i++) expect(await page.evaluate(() => fetch('/api/v1/health').then((r) => r.status))).toBe(200);
  const afterKill = () => answers.filter((a) => a.at > killedAt + 1000);
  await expect.poll(() => afterKill().length).toBeGreaterThanOrEqual(4);
  const after = afterKill();
  expect(new Set(after.map((a) => a.replica))).toEqual(new Set([survivorNo]));

  // ticks kept coming after the kill (from the new leader), each tick number published once
  await expect.poll(() => bus.ticks().filter((t) => Date.parse(t.at) > killedAt + 2000).length, { timeout: 10_000 }).toBeGreaterThan(2);
  await expect.poll(() => tickLeader()).toBe(survivor);
  bus.stop();
  for (const socket of sockets) socket.stop();
  const published = bus.ticks().map((t) => t.tick);
  expect(published.length).toBeGreaterThan(5);
  expect(published.length, `a tick number published twice: ${published.join(',')}`).toBe(new Set(published).size);
  expect([...published].sort((a, b) => a - b)).toEqual(published);
  // each WebSocket client saw each tick's time once, in order, the one on the killed replica across its reconnect
  expect(
    sockets.some((s) => s.closes.length > 0),
    'no client was on the killed replica',
  ).toBe(true);
  // (a reconnected client is sent the current rate at once: the tick it last saw may come again then, never later)
  for (const { updatedAts: frames, connections } of sockets) {
    expect(frames.length).toBeGreaterThan(5);
    expect([...frames].sort(), `ticks out of order: ${frames.join(', ')}`).toEqual(frames);
    for (const c of connections) expect(c.length, `a tick delivered twice on one connection: ${c.join(', ')}`).toBe(new Set(c).size);
  }

  // the order job on two replicas processed the order once: one event of each transition, one payout
  const events = stack.sql(`SELECT kind, count(*) FROM order_events WHERE order_id = '${orderId.replace(/'/g, "''")}' GROUP BY kind ORDER BY kind`);
  const counts = Object.fromEntries(events.map(([kind, n]) => [kind, Number(n)]));
  expect(counts.WITHDRAWAL_COMPLETED).toBe(1);
  expect(counts.DEPOSIT_REGISTERED ?? counts.INCOMING_FUNDS_DETECTED).toBe(1);
  for (const [kind, n] of Object.entries(counts)) expect(n, `${kind} recorded ${n} times`).toBe(1);
  const [[status, payoutTx]] = stack.sql(`SELECT status, payout_tx_hash FROM orders WHERE order_id = '${orderId.replace(/'/g, "''")}'`);
  expect(status).toBe('COMPLETED');
  expect(payoutTx).not.toBe('');
  const transfers = stack.sql(
    `SELECT kind, count(*) FROM ledger_transfers WHERE order_id = '${orderId.replace(/'/g, "''")}' GROUP BY kind HAVING count(*) > 1`,
  );
  expect(transfers, 'a ledger transfer of the order booked twice').toEqual([]);
  console.log(
    `[prod-shape] answers by replica before the kill: ${JSON.stringify(countBy(answers.filter((a) => a.at <= killedAt).map((a) => a.replica ?? '-')))}, after: ${JSON.stringify(countBy(after.map((a) => a.replica ?? '-')))}; ` +
      `killed the tick leader (replica ${3 - Number(survivorNo)}); ticks on the bus ${published.length} (unique), WebSocket frames ${JSON.stringify(sockets.map((s) => ({ frames: s.updatedAts.length, closes: s.closes })))}; order events ${JSON.stringify(counts)}`,
  );
  await context.close();
});

test('a rolling restart behind web (SIGTERM one replica, back, then the other) under a stream of order creates loses none', async () => {
  test.setTimeout(90_000);
  // the replica killed in the journey comes back first
  await Promise.all(stack.replicas.filter((r) => !r.running).map((r) => r.start()));
  const instruments = (await (await fetch(`${stack.webUrl}/api/v2/instruments/public`)).json()) as {
    currencyTitle: string;
    networkTitle: string;
    slug: string;
  }[];
  const ref = (c: string) => {
    const i = instruments.find((x) => x.currencyTitle === c && x.networkTitle === c)!;
    return { currencyTitle: i.currencyTitle, networkTitle: i.networkTitle, slug: i.slug };
  };
  const body = JSON.stringify({
    rateMode: 'FLOATING',
    instrumentFrom: ref('BTC'),
    instrumentTo: ref('ETH'),
    destinationAddress: ADDRESSES.eth,
    claimedDepositAmount: '0.1',
  });
  const [[before]] = stack.sql('SELECT count(*) FROM orders');

  let running = true;
  const statuses: number[] = [];
  const failures: string[] = [];
  const client = async () => {
    while (running) {
      const res = await fetch(`${stack.webUrl}/api/v1/orders/public/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', origin: stack.webUrl },
        body,
      });
      statuses.push(res.status);
      const text = await res.text();
      if (res.status !== 200) failures.push(`${res.status} ${res.headers.get('x-api-replica') ?? '-'} ${text.slice(0, 160)}`);
    }
  };
  const clients = [client(), client(), client(), client()];
  try {
    await new Promise((r) => setTimeout(r, 500));
    for (const replica of stack.replicas) {
      await replica.kill('SIGTERM');
      await replica.start();
    }
    await new Promise((r) => setTimeout(r, 500));
  } finally {
    running = false;
    await Promise.all(clients);
  }
  const [[after]] = stack.sql('SELECT count(*) FROM orders');
  console.log(`[prod-shape] rolling restart: ${statuses.length} order creates through web, ${failures.length} failed`);
  expect(statuses.length).toBeGreaterThan(20);
  // Most runs: none failed. Seen: one in ~2,500 — web's request written on a kept-alive connection the draining api
  // closed as idle at that instant (ECONNRESET: web cannot know nothing was processed, so no retry, a 503). Whatever
  // fails is the §8 answer a client may retry, rare, and never an order made behind an error.
  for (const f of failures) expect(f).toMatch(/^503 - \{"statusCode":503,"code":"ERR_SERVICE_UNAVAILABLE"/);
  expect(failures.length, `order creates that failed: ${failures.join('\n')}`).toBeLessThanOrEqual(Math.floor(statuses.length / 500));
  // every create answered 200 is an order, and no order was made twice or behind a failed answer
  const ok = statuses.filter((st) => st === 200).length;
  expect(Number(after) - Number(before)).toBe(ok);
});

test('with every replica down: web answers the §8 503 with Retry-After, and the page shows the §4 health gating', async ({ browser }) => {
  test.setTimeout(60_000);
  await Promise.all(stack.replicas.map((r) => (r.running ? r.kill('SIGKILL') : undefined)));
  const context = await browser.newContext({ baseURL: stack.webUrl });
  const res = await context.request.get('/api/v1/health');
  expect(res.status()).toBe(503);
  expect(res.headers()['retry-after']).toMatch(/^\d+$/);
  expect(await res.json()).toEqual({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: expect.any(String) });

  // the shell retries a failed health check with back-off (§4: 5 s × 1.5ⁿ, 3 failures, then a reachability
  // check): the page's clock is run forward instead of waiting the half minute
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/');
  await expect(async () => {
    await page.clock.runFor(5_000);
    await expect(page.getByTestId('maintenance')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  await context.close();
});

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
