// §2 /support (issue 13): a support request is stored with a random ticket id, linked to a signed-in account, and
// acknowledged by mail (ticket id and subject, never the message); its optional order id must name an order; limits
// per email; logs carry the ticket id only. The order lookup by deposit transaction hash answers {ok:true} whatever
// happened and mails the order link only to the order's email.
import { randomBytes, randomUUID } from 'node:crypto';
import { ApiErrorBodySchema } from 'shared-contracts/server';
import { readOutbox } from '../src/adapters/mail';
import { loadConfig } from '../src/config';
import { ROUTE_RATE_LIMITS } from '../src/limits';
import { startApi, type RunningApi } from '../src/main';
import { SUPPORT_LIMITS } from '../src/limits';
import { orderPageUrl, TICKET_ID_PATTERN } from '../src/modules/support/service';
import { testConfig } from './helpers/accounts';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const PASSWORD = 'Correct-Horse-42';
const SITE = 'http://site.test';
const REQUESTS = '/api/v1/support/requests';
const LOOKUP = '/api/v1/support/order-lookup';

describe('support limits in production', () => {
  const real = {
    NODE_ENV: 'production',
    SANDBOX_MODE: 'false',
    JWT_SECRET: 'j'.repeat(40),
    SMTP_URL: 'smtps://user:pass@mail.example:465',
    PUBLIC_ORIGIN: 'https://exchange.example',
    DATA_ENCRYPTION_KEY: 'd'.repeat(40),
  };

  it('may be lowered but never raised above the defaults (they send mail to any address)', () => {
    expect(loadConfig({ ...real, HTTP_RATE_LIMITS: 'supportRequestCreate=3,supportOrderLookup=1' }).http.rateLimits).toMatchObject({
      supportRequestCreate: 3,
      supportOrderLookup: 1,
    });
    expect(() => loadConfig({ ...real, HTTP_RATE_LIMITS: 'supportRequestCreate=1000' })).toThrow(/HTTP_RATE_LIMITS: supportRequestCreate may not be raised/);
    expect(() => loadConfig({ ...real, HTTP_RATE_LIMITS: `supportOrderLookup=${ROUTE_RATE_LIMITS.supportOrderLookup + 1}` })).toThrow(
      /supportOrderLookup may not be raised/,
    );
    // a sandbox (demo) deployment and tests may raise them
    expect(loadConfig({ ...real, SANDBOX_MODE: 'true', HTTP_RATE_LIMITS: 'supportRequestCreate=1000' }).http.rateLimits.supportRequestCreate).toBe(1000);
  });
});

describe.each(BACKENDS)('support on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  const logLines: string[] = [];
  let ipSeq = 0;
  const browser = () => new Browser(api.url, `10.13.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);
  const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
  const sql = <T>(text: string, params: unknown[] = []) => t.handle.withSession((s) => s.query<T>(text, params));

  /** An order straight in the table: the lookup only needs its id, destination, email and deposit hash. */
  async function insertOrder(o: { userEmail: string | null; depositTxHash?: string }) {
    const [from, to] = (await sql<{ slug: string }>('SELECT slug FROM instruments ORDER BY slug LIMIT 2')).map((r) => r.slug);
    const orderId = randomUUID();
    await sql(
      `INSERT INTO orders (order_id, from_slug, to_slug, rate_mode, claimed_deposit_amount, amount_to_get, price, destination_address, user_email, deposit_tx_hash)
       VALUES ($1, $2, $3, 'FLOATING', 1, 1, 1, $4, $5, $6)`,
      [orderId, from, to, 'dest address/1', o.userEmail, o.depositTxHash ?? null],
    );
    return orderId;
  }

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(testConfig({ LOG_LEVEL: 'info', PUBLIC_ORIGIN: SITE }), {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { rateLimitPrefix: `s${randomBytes(4).toString('hex')}` },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const expectError = (res: { status: number; body: unknown }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(ApiErrorBodySchema.parse(res.body)).toMatchObject({ statusCode: status, code });
    return res.body as { message: string; fields?: Record<string, string> };
  };

  describe('support requests', () => {
    it('stores a guest request with a random ticket id and mails an acknowledgement quoting the ticket and subject, not the message', async () => {
      const to = email('Guest');
      const message = 'My exchange has been waiting for an hour, secret-words-xyz.';
      const res = await browser().post(REQUESTS, { email: `  ${to.toUpperCase()} `, subject: 'Where is my order?', message, locale: 'en' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { ticketId } = res.body as { ticketId: string };
      expect(ticketId).toMatch(TICKET_ID_PATTERN);

      const [row] = await sql<{ email: string; subject: string; message: string; user_id: string | null; order_id: string | null; locale: string }>(
        'SELECT email, subject, message, user_id, order_id, locale FROM support_requests WHERE ticket_id = $1',
        [ticketId],
      );
      expect(row).toEqual({ email: to.toLowerCase(), subject: 'Where is my order?', message, user_id: null, order_id: null, locale: 'en' });

      const [mail] = await readOutbox(t.handle, { to });
      expect(mail).toMatchObject({ kind: 'support_request_received', locale: 'en' });
      expect(mail.subject).toContain(ticketId);
      expect(mail.text).toContain('Where is my order?');
      expect(mail.text).not.toContain('secret-words-xyz');

      const logged = logLines.filter((l) => l.includes(ticketId));
      expect(logged).toHaveLength(1);
      expect(logLines.join('\n')).not.toContain(to.toLowerCase());
      expect(logLines.join('\n')).not.toContain('secret-words-xyz');
    });

    it('two requests get different ticket ids; the ru acknowledgement is in Russian', async () => {
      const to = email('ru');
      const a = await browser().post(REQUESTS, { email: to, message: 'Первое обращение в поддержку', locale: 'ru' });
      const b = await browser().post(REQUESTS, { email: to, message: 'Второе обращение в поддержку', locale: 'ru' });
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body.ticketId).not.toBe(b.body.ticketId);
      const mails = await readOutbox(t.handle, { to });
      expect(mails.map((m) => m.locale)).toEqual(['ru', 'ru']);
      expect(mails[0].subject).toContain('обращение');
    });

    it('links the request to the signed-in account', async () => {
      const user = browser();
      const address = email('user');
      expect((await user.post('/api/v1/users/local/create', { email: address, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
      expect((await user.post('/api/v1/users/local/authenticate', { email: address, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
      const userId = (await user.get('/api/v1/users/account-data')).body.userId as number;
      const res = await user.post(REQUESTS, { email: address, message: 'A question from my account' });
      expect(res.status).toBe(200);
      const [row] = await sql<{ user_id: string }>('SELECT user_id FROM support_requests WHERE ticket_id = $1', [res.body.ticketId]);
      expect(Number(row.user_id)).toBe(userId);
    });

    it('refuses an invalid email and a too short message as ERR_VALIDATION on the field', async () => {
      const bad = expectError(await browser().post(REQUESTS, { email: 'not-an-email', message: 'A long enough message' }), 400, 'ERR_VALIDATION');
      expect(bad.fields).toHaveProperty('email');
      const short = expectError(await browser().post(REQUESTS, { email: email('short'), message: 'hi' }), 400, 'ERR_VALIDATION');
      expect(short.fields).toHaveProperty('message');
    });

    it('checks the optional order id: malformed → 400, unknown → 404, both on the orderId field; an existing order is linked', async () => {
      const malformed = expectError(
        await browser().post(REQUESTS, { email: email('o'), message: 'About my order please', orderId: 'abc; DROP TABLE orders' }),
        400,
        'ERR_VALIDATION',
      );
      expect(malformed.fields).toEqual({ orderId: expect.any(String) });
      const unknown = expectError(
        await browser().post(REQUESTS, { email: email('o'), message: 'About my order please', orderId: randomUUID() }),
        404,
        'ERR_NOT_FOUND',
      );
      expect(unknown.fields).toEqual({ orderId: expect.any(String) });

      const orderId = await insertOrder({ userEmail: null });
      const ok = await browser().post(REQUESTS, { email: email('o'), message: 'About my order please', orderId: orderId.toUpperCase() });
      expect(ok.status).toBe(200);
      const [row] = await sql<{ order_id: string }>('SELECT order_id FROM support_requests WHERE ticket_id = $1', [ok.body.ticketId]);
      expect(row.order_id).toBe(orderId);
      // An empty order id is no order id.
      expect((await browser().post(REQUESTS, { email: email('o'), message: 'About nothing in particular', orderId: '' })).status).toBe(200);
    });

    it(`limits requests per email to ${SUPPORT_LIMITS.requestsPerEmailPerHour} an hour, from any address`, async () => {
      const to = email('flood');
      for (let i = 0; i < SUPPORT_LIMITS.requestsPerEmailPerHour; i++) {
        expect((await browser().post(REQUESTS, { email: to, message: `Request number ${i + 1}` })).status).toBe(200);
      }
      expectError(await browser().post(REQUESTS, { email: to.toUpperCase(), message: 'One request too many' }), 429, 'ERR_TOO_MANY_REQUESTS');
      expect(await readOutbox(t.handle, { to })).toHaveLength(SUPPORT_LIMITS.requestsPerEmailPerHour);
    });

    it('limits requests per address (the route’s declared rateLimit)', async () => {
      const one = browser();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await one.post(REQUESTS, { email: email(`a${i}`), message: 'Same address, many mails' })).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe('order lookup', () => {
    it("mails the order page link to the order's email and answers only {ok:true}", async () => {
      const owner = email('owner');
      const txHash = `0x${randomBytes(32).toString('hex')}`;
      const orderId = await insertOrder({ userEmail: owner, depositTxHash: txHash });
      const res = await browser().post(LOOKUP, { txHash: ` ${txHash} `, locale: 'ru' });
      expect(res).toMatchObject({ status: 200, body: { ok: true } });
      // The mail is sent in the background (the answer takes the same time either way).
      let mails = await readOutbox(t.handle, { to: owner });
      for (let i = 0; i < 50 && mails.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        mails = await readOutbox(t.handle, { to: owner });
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: 'order_link', locale: 'ru' });
      const url = orderPageUrl(SITE, 'ru', orderId, 'dest address/1');
      expect(url).toBe(`${SITE}/ru/order/${orderId}?destinationAddress=dest%20address%2F1`);
      expect(mails[0].text).toContain(url);
      expect(logLines.join('\n')).not.toContain(txHash);
    });

    it('answers the same for an unknown hash and for an order without an email, and mails nobody', async () => {
      const before = await sql<{ n: string }>('SELECT count(*) AS n FROM mail_outbox');
      const txHash = `0x${randomBytes(32).toString('hex')}`;
      await insertOrder({ userEmail: null, depositTxHash: txHash });
      const a = await browser().post(LOOKUP, { txHash });
      const b = await browser().post(LOOKUP, { txHash: `0x${randomBytes(32).toString('hex')}` });
      expect(a).toMatchObject({ status: 200, body: { ok: true } });
      expect(b.body).toEqual(a.body);
      await new Promise((r) => setTimeout(r, 100));
      expect(await sql<{ n: string }>('SELECT count(*) AS n FROM mail_outbox')).toEqual(before);
    });

    it(`mails an order's email at most ${SUPPORT_LIMITS.orderLinkMailsPerOrderPerHour} times an hour, still answering {ok:true}`, async () => {
      const owner = email('owner2');
      const txHash = `tx-${randomBytes(16).toString('hex')}`;
      await insertOrder({ userEmail: owner, depositTxHash: txHash });
      for (let i = 0; i < SUPPORT_LIMITS.orderLinkMailsPerOrderPerHour + 2; i++) {
        expect((await browser().post(LOOKUP, { txHash })).body).toEqual({ ok: true });
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(await readOutbox(t.handle, { to: owner })).toHaveLength(SUPPORT_LIMITS.orderLinkMailsPerOrderPerHour);
    });

    it('is limited hard per address', async () => {
      const one = browser();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await one.post(LOOKUP, { txHash: `0x${randomBytes(8).toString('hex')}` })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('refuses a malformed body as ERR_VALIDATION', async () => {
      expectError(await browser().post(LOOKUP, { txHash: 'short' }), 400, 'ERR_VALIDATION');
      expectError(await browser().post(LOOKUP, { txHash: 42 }), 400, 'ERR_VALIDATION');
    });
  });
});
