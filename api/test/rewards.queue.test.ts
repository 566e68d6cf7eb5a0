// The rewards job's queue (issue 23): completed orders that cannot be priced yet (no USD price for the coin they
// paid out) wait with backoff and never hold up the orders behind them.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { rowsOf } from '../src/db/query';
import { createRewards } from '../src/modules/affiliates/rewards';
import { createInstrumentRepo } from '../src/modules/instruments/repo';
import { seedInstruments } from '../src/modules/instruments/seed';
import { FakePriceBoard } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined };

describe.each(BACKENDS)('rewards queue on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    await seedInstruments(t.handle.db);
  }, 60_000);
  afterAll(() => t?.drop());

  it('60 unpriceable completed orders do not block a priceable one; they are retried after the backoff', async () => {
    const db = t.handle.db;
    await db.execute(sql`INSERT INTO users (id, email, password_hash, affiliate_id) VALUES (9001, 'aff@example.com', 'x', 'aff9001')`);
    // DOGE → BTC paid out BTC, and the board has no BTC price: the volume in USDT cannot be known yet.
    await db.execute(sql`
      INSERT INTO orders (order_id, from_slug, to_slug, rate_mode, claimed_deposit_amount, deposit_amount, amount_to_get, price,
                          execution_price, destination_address, status, completed_at, referrer_id)
      SELECT 'stuck-' || g, 'doge', 'btc', 'FLOATING', '1000', '1000', '0.002', '0.000002', '0.000002', 'addr', 'COMPLETED',
             '2026-01-01T00:00:00Z'::timestamptz + g * interval '1 second', 'aff9001'
      FROM generate_series(1, 60) AS g`);
    // A USDT deposit is its own volume, and its spread is measured at the market rate recorded at execution (issue
    // 24): priceable, and completed after all of them.
    await db.execute(sql`
      INSERT INTO orders (order_id, from_slug, to_slug, rate_mode, claimed_deposit_amount, deposit_amount, amount_to_get, price,
                          execution_price, execution_market_price, destination_address, status, completed_at, referrer_id)
      VALUES ('priceable', 'usdttrc20', 'btc', 'FLOATING', '500', '500', '0.01', '0.00002', '0.00002', '0.0000201', 'addr', 'COMPLETED',
              '2026-01-02T00:00:00Z', 'aff9001')`);

    const board = new FakePriceBoard({ USDT: '1', DOGE: '0.1' });
    let now = new Date('2026-02-01T00:00:00Z');
    const rewards = createRewards({
      db,
      instruments: await createInstrumentRepo(db),
      priceBoard: board,
      money: loadConfig({}).money,
      now: () => now,
      log: quiet,
    });
    const commissions = async () =>
      (await rowsOf<{ order_id: string }>(db, sql`SELECT order_id FROM ledger_transfers WHERE kind = 'AFFILIATE_COMMISSION' ORDER BY order_id`)).map(
        (r) => r.order_id,
      );
    const waiting = async () =>
      rowsOf<{ attempts: number; next: string }>(
        db,
        sql`SELECT rewards_attempts AS attempts, to_char(rewards_next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS next
            FROM orders WHERE order_id LIKE 'stuck-%' AND rewards_posted_at IS NULL`,
      );

    await rewards.processDue();
    expect(await commissions()).toEqual(['priceable']);
    const first = await waiting();
    expect(first).toHaveLength(60);
    expect(new Set(first.map((r) => `${r.attempts} ${r.next}`))).toEqual(new Set(['1 2026-02-01T00:01:00']));

    // Before the backoff is over they are not tried again; the price arrives meanwhile.
    board.set({ USDT: '1', DOGE: '0.1', BTC: '50000' });
    now = new Date('2026-02-01T00:00:30Z');
    await rewards.processDue();
    expect(await commissions()).toEqual(['priceable']);
    expect((await waiting()).every((r) => r.attempts === 1)).toBe(true);

    // After it: all 60 are priced and rewarded in one pass (batch after batch).
    now = new Date('2026-02-01T00:01:00Z');
    await rewards.processDue();
    expect(await commissions()).toHaveLength(61);
    expect(await waiting()).toEqual([]);
  });

  it('the backoff doubles while the order still cannot be priced', async () => {
    const db = t.handle.db;
    await db.execute(sql`
      INSERT INTO orders (order_id, from_slug, to_slug, rate_mode, claimed_deposit_amount, deposit_amount, amount_to_get, price,
                          execution_price, destination_address, status, completed_at)
      VALUES ('lonely', 'doge', 'eth', 'FLOATING', '10', '10', '0.001', '0.0001', '0.0001', 'addr', 'COMPLETED', '2026-01-03T00:00:00Z')`);
    let now = new Date('2026-03-01T00:00:00Z');
    const rewards = createRewards({
      db,
      instruments: await createInstrumentRepo(db),
      priceBoard: new FakePriceBoard({ USDT: '1' }),
      money: loadConfig({}).money,
      now: () => now,
      log: quiet,
    });
    const state = async () =>
      (
        await rowsOf<{ attempts: number; next: string }>(
          db,
          sql`SELECT rewards_attempts AS attempts, to_char(rewards_next_attempt_at AT TIME ZONE 'UTC', 'HH24:MI:SS') AS next
              FROM orders WHERE order_id = 'lonely'`,
        )
      )[0];
    await rewards.processDue();
    expect(await state()).toEqual({ attempts: 1, next: '00:01:00' });
    now = new Date('2026-03-01T00:01:00Z');
    await rewards.processDue();
    expect(await state()).toEqual({ attempts: 2, next: '00:03:00' });
    now = new Date('2026-03-01T00:03:00Z');
    await rewards.processDue();
    expect(await state()).toEqual({ attempts: 3, next: '00:07:00' });
  });
});
