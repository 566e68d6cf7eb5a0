// Logs never carry order lookup credentials, codes, passwords, tokens or cookies (issue 7). A database that
// fails under live requests makes the api log its errors; the values those requests carried must not be there.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { openTestDb, type TestDb } from './helpers/testDb';

const secret = (label: string) => `${label}${randomBytes(8).toString('hex')}`;

describe('logs', () => {
  let t: TestDb;
  let api: RunningApi;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startApi(loadConfig({ API_PORT: '0', LOG_LEVEL: 'info', CONFIRMATION_INTERVAL_MS: '60000' }), {
      db: t.handle,
      realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)),
      logStream: { write: (line: string) => void lines.push(line) },
      accounts: { warn: () => undefined },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('keep the error but none of the request values when a lookup fails in the database', async () => {
    // Lower-case hex: a valid ETH address without a checksum, unique to this run.
    const destinationAddress = `0x${randomBytes(20).toString('hex')}`;
    const refundAddress = secret('bc1qrefund');
    const idempotencyKey = secret('idem-');
    const cookieToken = secret('cookie-');
    const bearer = secret('bearer-');
    await t.handle.db.execute(sql.raw('ALTER TABLE orders RENAME TO orders_unavailable'));
    try {
      const lookup = await fetch(`${api.url}/api/v1/orders/public-info?orderId=o-${randomBytes(4).toString('hex')}&destinationAddress=${destinationAddress}`);
      expect(lookup.status).toBe(500);
      const headers = {
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
        cookie: `access_token=${cookieToken}`,
        authorization: `Bearer ${bearer}`,
      };
      const create = await fetch(`${api.url}/api/v1/orders/public/create`, {
        method: 'POST',
        headers: { ...headers, cookie: '' },
        body: JSON.stringify({
          rateMode: 'FIXED',
          instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
          instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
          destinationAddress,
          refundAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
          claimedDepositAmount: '0.01',
        }),
      });
      expect(create.status).toBe(500);
      const refund = await fetch(`${api.url}/api/v1/orders/public/request-refund`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ orderId: 'o-1', destinationAddress, refundAddress, refundAmount: '0.01', claimedNetworkFee: '0.0001' }),
      });
      expect(refund.status).toBeGreaterThanOrEqual(400);
    } finally {
      await t.handle.db.execute(sql.raw('ALTER TABLE orders_unavailable RENAME TO orders'));
    }
    const log = lines.join('');
    // The failures were logged, with what an operator needs (the failing SQL without its values)…
    expect(log).toContain('unhandled error');
    expect(log).toMatch(/Failed query: select/);
    // …and none of the values the requests carried.
    for (const value of [destinationAddress, destinationAddress.slice(2), refundAddress, idempotencyKey, cookieToken, bearer]) {
      expect(log).not.toContain(value);
    }
  });
});
