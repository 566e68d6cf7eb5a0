// Issue 27: the order job asks one question before its steps — is any order where a step acts? Each status a step
// moves on, and a card order waiting for its payment, answers yes; an order merely waiting for a deposit, or done, no.
// On PGlite and, with DATABASE_URL, PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { migrate } from '../src/db/migrate';
import { orders } from '../src/db/schema';
import { seedInstruments } from '../src/modules/instruments/seed';
import { createOrderRepo, type OrderRepo } from '../src/modules/orders/repo';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

describe.each(BACKENDS)('the order job gate on %s', (backend) => {
  let t: TestDb;
  let repo: OrderRepo;
  const WORKED = ['CONFIRMING', 'EXCHANGING'] as const;

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    await seedInstruments(t.handle.db);
    repo = createOrderRepo(t.handle.db);
  }, 60_000);
  afterAll(async () => t?.drop());

  it('says no with no order, or only orders a pass leaves alone, and yes for one in a worked status', async () => {
    expect(await repo.anyIn(WORKED, { cardPaymentPending: true })).toBe(false);
    const id = await insertOrder(t, 'AWAITING_DEPOSIT');
    await insertOrder(t, 'COMPLETED');
    expect(await repo.anyIn(WORKED, { cardPaymentPending: true })).toBe(false);
    await t.handle.db.update(orders).set({ status: 'EXCHANGING' }).where(eq(orders.orderId, id));
    expect(await repo.anyIn(WORKED, { cardPaymentPending: true })).toBe(true);
    expect(await repo.anyIn(['CONFIRMING'])).toBe(false);
  });

  it('says yes for a card order waiting for its payment only when asked about those', async () => {
    const id = await insertOrder(t, 'AWAITING_DEPOSIT');
    expect(await repo.anyIn(['CONFIRMING'], { cardPaymentPending: true })).toBe(false);
    await t.handle.db.update(orders).set({ paymentId: 'pay-1', paymentStatus: 'PENDING', paymentProvider: 'sandbox' }).where(eq(orders.orderId, id));
    expect(await repo.anyIn(['CONFIRMING'], { cardPaymentPending: true })).toBe(true);
    expect(await repo.anyIn(['CONFIRMING'])).toBe(false);
  });
});

async function insertOrder(t: TestDb, status: string): Promise<string> {
  const orderId = randomUUID();
  await t.handle.db.insert(orders).values({ ...ORDER, orderId, status });
  return orderId;
}

const ORDER = {
  fromSlug: 'btc',
  toSlug: 'eth',
  rateMode: 'FLOATING',
  claimedDepositAmount: '0.1',
  amountToGet: '1.5',
  price: '15',
  destinationAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
} as const;
