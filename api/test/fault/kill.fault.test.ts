// Fault tests (issue 14): kill -9 of the api on PostgreSQL during order creation, during payouts and during USDT
// withdrawals, then a restart. Nothing answered is lost, nothing is half-written, nothing is paid twice, and the
// ledger balances. The api runs as its own process (apiWithPayoutLog.ts: src/main.ts's start-up with a custodian
// that writes down every transfer, see there) on a private PostgreSQL cluster.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../../src/db/client';
import { D } from '../../src/lib/decimal';
import { LEDGER_CURRENCY, postTransfer } from '../../src/modules/affiliates/ledger';
import { readPayoutLog } from './apiWithPayoutLog';
import { ApiProcess, type Json, PAYOUT_LOG_ENTRY, PgCluster, waitFor } from './harness';
import { halfWrittenOrders, ledgerProblems, noProblems, settlementProblems } from './invariants';

jest.setTimeout(120_000);

const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const TRON_ADDR = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const orderBody = (n: number) => ({
  rateMode: 'FLOATING' as const,
  instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  destinationAddress: ETH_ADDR,
  // Distinct amounts: an answer is matched to its row by more than the id.
  claimedDepositAmount: (0.01 + n / 100_000).toFixed(5),
  browserFingerprint: `fault-${n}`,
});

/** The sandbox custody's transaction hash for a payout key (adapters/custody/sandbox.ts). */
const sandboxTx = (key: string, eth: boolean) => {
  const hex = createHash('sha256')
    .update(['tx', `payout:${key}`].join('\u0000'))
    .digest('hex');
  return eth ? `0x${hex}` : hex;
};

let cluster: PgCluster;
let api: ApiProcess;
let database: string;
let work: string;
let payoutLog: string;
/** How long the custodian holds its answer back after a transfer (apiWithPayoutLog.ts). */
const payoutDelay = (ms: number) => fs.writeFileSync(`${payoutLog}.delay`, String(ms));
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => cluster.query<T>(sql, params, database);

beforeAll(async () => {
  cluster = await PgCluster.start();
  database = await cluster.createDatabase('kill');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-kill-'));
  payoutLog = path.join(work, 'payouts.ndjson');
  api = await ApiProcess.start({
    databaseUrl: cluster.urlOf(database),
    entry: PAYOUT_LOG_ENTRY,
    logFile: path.join(work, 'api.log'),
    env: {
      FAULT_PAYOUT_LOG: payoutLog,
      // Withdrawals (issue 11): paid at once, small minimum.
      WITHDRAWAL_PAYOUT_DELAY_MS: '0',
      WITHDRAWAL_MIN_USDT: '1',
    },
  });
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await cluster?.destroy();
  if (work && process.env.FAULT_KEEP_LOGS !== '1') fs.rmSync(work, { recursive: true, force: true });
});

/** One line per test in the output: what the kill actually cut. */
const say = (line: string) => process.stdout.write(`[fault] ${line}\n`);

type Answer = { status: number | 'no answer'; orderId?: string; body?: Json; error?: string };

async function create(n: number, key: string): Promise<Answer> {
  try {
    const res = await api.post('/api/v1/orders/public/create', orderBody(n), { 'idempotency-key': key });
    return { status: res.status, orderId: res.body?.orderId, body: res.body };
  } catch (err) {
    return { status: 'no answer', error: (err as Error).message };
  }
}

/** Runs `count` jobs, `concurrency` at a time, calling `onDone` as each settles. */
async function pool<T>(count: number, concurrency: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

describe('kill -9 of the api on PostgreSQL', () => {
  it('during order creation: every answered order exists whole, keys answer the same order after the restart, none half-written', async () => {
    const N = 240;
    const run = randomBytes(3).toString('hex');
    const keyOf = (i: number) => `fault-create-${run}-${i}`;
    let answered = 0;
    const killAfter = 60;
    let killed: Promise<void> | undefined;
    const answers = await pool(N, 24, async (i) => {
      const a = await create(i, keyOf(i));
      if (a.status !== 'no answer') answered++;
      if (answered >= killAfter && !killed) killed = api.kill9();
      return a;
    });
    await killed;
    const ok = answers.flatMap((a, i) => (typeof a.status === 'number' && a.status === 200 ? [{ i, orderId: a.orderId as string, body: a.body }] : []));
    const lost = answers.filter((a) => a.status === 'no answer').length;
    // The kill landed mid-run: some answers came, some requests were cut.
    expect(ok.length).toBeGreaterThanOrEqual(killAfter - 5);
    expect(lost).toBeGreaterThan(0);
    // Anything that did answer before the kill is a success (no 5xx from a healthy api).
    expect(answers.filter((a) => typeof a.status === 'number' && a.status !== 200)).toEqual([]);

    await api.start();
    const [{ n: inDb }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE idempotency_key LIKE $1`, [`fault-create-${run}-%`]);
    say(`creation: ${ok.length} answered, ${lost} cut by the kill; ${inDb} orders in the database after the restart`);

    // 1. Every 2xx answer is in the database with the data it answered.
    const rows = await q<{ order_id: string; claimed_deposit_amount: string; deposit_address: string; status: string; idempotency_key: string }>(
      `SELECT order_id, claimed_deposit_amount::text, deposit_address, status, idempotency_key FROM orders`,
    );
    const byId = new Map(rows.map((r) => [r.order_id, r]));
    for (const a of ok) {
      const row = byId.get(a.orderId);
      expect(row).toBeDefined();
      expect(Number(row?.claimed_deposit_amount)).toBe(Number(orderBody(a.i).claimedDepositAmount));
      expect(row?.deposit_address).toBe(a.body.orderDetails.depositAddress);
      expect(row?.idempotency_key).toBe(keyOf(a.i));
      expect(row?.status).toBe('AWAITING_DEPOSIT');
    }
    // 2. Nothing half-written; one order per key at most.
    expect(await halfWrittenOrders(q)).toEqual(noProblems(await halfWrittenOrders(q)));
    expect(
      await q(`SELECT idempotency_key FROM orders WHERE idempotency_key LIKE $1 GROUP BY idempotency_key HAVING count(*) > 1`, [`fault-create-${run}-%`]),
    ).toEqual([]);

    // 3. A retry of every request with its key: the answered ones get their order back; the cut ones get the order
    // the database holds for the key if it committed, else a new one. Never a second order for a key.
    const committed = new Map(rows.map((r) => [r.idempotency_key, r.order_id]));
    const retries = await pool(N, 12, (i) => create(i, keyOf(i)));
    for (let i = 0; i < N; i++) {
      const r = retries[i];
      expect(r.status).toBe(200);
      const first = answers[i];
      if (first.status === 200) expect(r.orderId).toBe(first.orderId);
      const before = committed.get(keyOf(i));
      if (before) expect(r.orderId).toBe(before);
    }
    const [{ n }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE idempotency_key LIKE $1`, [`fault-create-${run}-%`]);
    expect(n).toBe(N);
    // The answered orders read back through the api as they were answered.
    for (const a of ok.slice(0, 10)) {
      const info = await api.get(`/api/v1/orders/public-info?orderId=${a.orderId}&destinationAddress=${ETH_ADDR}`);
      expect(info.status).toBe(200);
      expect(info.body.orderDetails.depositAddress).toBe(a.body.orderDetails.depositAddress);
      expect(info.body.amountToGet).toBe(a.body.amountToGet);
    }
  });

  it('during payouts: after the restart every order completes, each paid exactly once under one key, books intact', async () => {
    const N = 40;
    // Each custody answer is held back 300 ms after the transfer left: the kill lands between the payout and its record.
    payoutDelay(300);
    const created = await pool(N, 10, async (i) => {
      const r = await api.post('/api/v1/orders/public/create', orderBody(1000 + i));
      expect(r.status).toBe(200);
      return r.body as { orderId: string; claimedDepositAmount: string };
    });
    await pool(N, 10, async (i) => {
      const r = await api.post(`/api/v1/sandbox/orders/${created[i].orderId}/deposit`, { amount: created[i].claimedDepositAmount });
      expect(r.status).toBe(200);
    });
    const ids = created.map((o) => o.orderId);
    const sentFor = () => new Set(readPayoutLog(payoutLog).map((l) => l.key));
    // Kill once some payouts went out, while others are still on their way.
    await waitFor('the first payouts', 30_000, async () => ids.filter((id) => sentFor().has(`${id}:payout`)).length >= 5);
    await api.kill9();
    const statuses = await q<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM orders WHERE order_id = ANY($1) GROUP BY status`, [ids]);
    const midway = statuses.find((s) => s.status === 'WITHDRAWING')?.n ?? 0;
    // At least one order was cut between its payout and its completion.
    expect(midway).toBeGreaterThan(0);
    const sentBeforeRestart = ids.filter((id) => sentFor().has(`${id}:payout`)).length;
    expect(sentBeforeRestart).toBeLessThan(N);
    say(`payouts: killed with ${sentBeforeRestart}/${N} sent, ${midway} of them cut before their completion (${JSON.stringify(statuses)})`);

    payoutDelay(0);
    await api.start();
    // A payout left half-done is retried after STUCK_PAYOUT_AFTER_MS (30 s, jobSteps.ts): age the rows instead of waiting.
    await q(`UPDATE orders SET updated_at = now() - interval '1 hour' WHERE status = 'WITHDRAWING' AND order_id = ANY($1)`, [ids]);
    await waitFor('every order completed', 60_000, async () => {
      const [{ n }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE order_id = ANY($1) AND status = 'COMPLETED'`, [ids]);
      return n === N;
    });

    const log = readPayoutLog(payoutLog).filter((l) => ids.some((id) => l.key.startsWith(id)));
    const rows = await q<{ order_id: string; payout_tx_hash: string; payout_amount: string; destination_address: string }>(
      `SELECT order_id, payout_tx_hash, payout_amount::text, destination_address FROM orders WHERE order_id = ANY($1)`,
      [ids],
    );
    for (const row of rows) {
      const mine = log.filter((l) => l.key.startsWith(`${row.order_id}:`));
      // One key per order (the custodian dedupes by it), one transfer sent, the hash recorded is that transfer's.
      expect(new Set(mine.map((l) => l.key))).toEqual(new Set([`${row.order_id}:payout`]));
      expect(mine.filter((l) => l.event === 'sent')).toHaveLength(1);
      const sent = mine.find((l) => l.event === 'sent');
      expect(row.payout_tx_hash).toBe(sent?.txHash);
      expect(row.payout_tx_hash).toBe(sandboxTx(`${row.order_id}:payout`, true));
      expect(Number(sent?.amount)).toBe(Number(row.payout_amount));
      expect(sent?.address).toBe(row.destination_address);
      // Every retry asked for the same transfer.
      for (const l of mine) expect([l.amount, l.address]).toEqual([sent?.amount, sent?.address]);
    }
    // The cut ones were retried (a replay, not a second transfer).
    expect(log.filter((l) => l.event === 'replay').length).toBeGreaterThanOrEqual(midway);
    expect(await settlementProblems(q)).toEqual(noProblems(await settlementProblems(q)));
    expect(await halfWrittenOrders(q)).toEqual(noProblems(await halfWrittenOrders(q)));
    expect(await ledgerProblems(q)).toEqual(noProblems(await ledgerProblems(q)));
  });

  it('during USDT withdrawals: each paid once, balances right, ledger intact', async () => {
    const USERS = 4;
    const PER_USER = 6;
    const CREDIT = '100';
    const AMOUNT = '7.5';
    payoutDelay(300);
    // Accounts with earnings: registered through the api, credited in the ledger as an affiliate commission would be.
    const users: Array<{ id: number; cookie: string }> = [];
    for (let u = 0; u < USERS; u++) {
      const email = `fault-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'correct horse battery staple 9';
      expect((await api.post('/api/v1/users/local/create', { email, password, browserFingerprint: 'fp' })).status).toBe(200);
      // issue 24: withdrawals need a confirmed email
      await q(`UPDATE users SET email_confirmed_at = now() WHERE email = $1`, [email]);
      const res = await fetch(`${api.url}/api/v1/users/local/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, browserFingerprint: 'fp' }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const [{ id }] = await q<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]);
      users.push({ id: Number(id), cookie });
      await credit(Number(id), CREDIT);
    }
    const withdraw = (u: number, k: number) =>
      fetch(`${api.url}/api/v1/affiliates/withdrawals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: users[u].cookie, 'idempotency-key': `fault-w-${u}-${k}` },
        body: JSON.stringify({ currencyTitle: 'USDT', networkTitle: 'TRC20', address: TRON_ADDR, amount: AMOUNT }),
      }).then(
        async (r) => ({ status: r.status, body: await r.json().catch(() => undefined) }),
        (err: Error) => ({ status: 'no answer' as const, body: err.message }),
      );

    const jobs = users.flatMap((_, u) => Array.from({ length: PER_USER }, (_, k) => ({ u, k })));
    let killed: Promise<void> | undefined;
    let answeredW = 0;
    const first = await pool(jobs.length, 6, async (j) => {
      const r = await withdraw(jobs[j].u, jobs[j].k);
      if (r.status === 200) answeredW++;
      // Kill once payouts are under way and requests are still coming.
      if (!killed && answeredW >= jobs.length / 2 && readPayoutLog(payoutLog).some((l) => l.key.startsWith('withdrawal:'))) killed = api.kill9();
      return r;
    });
    if (!killed) {
      await waitFor('a withdrawal payout', 20_000, async () => readPayoutLog(payoutLog).some((l) => l.key.startsWith('withdrawal:')));
      killed = api.kill9();
    }
    await killed;
    const processing = await q<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'PROCESSING'`);
    say(
      `withdrawals: killed with ${processing[0].n} PROCESSING, ${first.filter((r) => r.status === 200).length} answered, ${first.filter((r) => r.status === 'no answer').length} cut`,
    );
    expect(processing[0].n + first.filter((r) => r.status === 'no answer').length).toBeGreaterThan(0);
    // No request answered an error other than the kill itself.
    expect(first.filter((r) => r.status !== 200 && r.status !== 'no answer')).toEqual([]);

    payoutDelay(0);
    await api.start();
    // A claimed withdrawal is taken over after CLAIM_LEASE_MS (60 s, withdrawals.ts): age the claims instead of waiting.
    await q(`UPDATE withdrawals SET next_attempt_at = now() WHERE status = 'PROCESSING'`);
    // Clients retry what got no answer, with the same key.
    const retried = await pool(jobs.length, 6, async (j) => (first[j].status === 200 ? first[j] : withdraw(jobs[j].u, jobs[j].k)));
    expect(retried.filter((r) => r.status !== 200)).toEqual([]);
    for (let j = 0; j < jobs.length; j++) {
      if (first[j].status === 200) expect(retried[j].body.id).toBe(first[j].body.id);
    }
    await waitFor('every withdrawal completed', 60_000, async () => {
      const [{ n }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE status NOT IN ('COMPLETED', 'FAILED')`);
      return n === 0;
    });

    const rows = await q<{ id: string; user_id: string; status: string; tx_hash: string; amount: string; idempotency_key: string }>(
      `SELECT id, user_id, status, tx_hash, amount::text, idempotency_key FROM withdrawals`,
    );
    expect(rows).toHaveLength(USERS * PER_USER);
    const log = readPayoutLog(payoutLog).filter((l) => l.key.startsWith('withdrawal:'));
    for (const w of rows) {
      expect(w.status).toBe('COMPLETED');
      const mine = log.filter((l) => l.key === `withdrawal:${w.id}`);
      expect(mine.filter((l) => l.event === 'sent')).toHaveLength(1);
      expect(w.tx_hash).toBe(mine.find((l) => l.event === 'sent')?.txHash);
      expect(Number(mine[0].amount)).toBe(Number(AMOUNT));
    }
    // Every transfer that went out belongs to a recorded withdrawal.
    expect(log.filter((l) => l.event === 'sent' && !rows.some((w) => l.key === `withdrawal:${w.id}`))).toEqual([]);
    // Balances: credited minus what was paid, nothing pending.
    for (const u of users) {
      const res = await fetch(`${api.url}/api/v1/affiliates/balances`, { headers: { cookie: u.cookie } });
      const [b] = (await res.json()) as Array<{ amount: string; pending: string }>;
      expect(Number(b.pending)).toBe(0);
      expect(Number(b.amount)).toBe(Number(CREDIT) - PER_USER * Number(AMOUNT));
    }
    const [{ sent }] = await q<{ sent: string }>(`SELECT balance::text AS sent FROM ledger_accounts WHERE user_id IS NULL AND kind = 'PAYOUTS_SENT'`);
    expect(Number(sent)).toBe(USERS * PER_USER * Number(AMOUNT));
    expect(await ledgerProblems(q)).toEqual(noProblems(await ledgerProblems(q)));
  });

  it('with mails in the outbox: every mail caused before the kill is delivered exactly once after the restart', async () => {
    const N = 80;
    const run = randomBytes(3).toString('hex');
    const emailOf = (i: number) => `fault-mail-${run}-${i}@example.com`;
    let answered = 0;
    let killed: Promise<void> | undefined;
    const first = await pool(N, 16, async (i) => {
      const r = await api.post('/api/v1/users/email/request-confirmation', { email: emailOf(i) }).catch(() => ({ status: 'no answer' as const }));
      if (r.status === 200) answered++;
      if (answered >= N / 3 && !killed) killed = api.kill9();
      return r.status;
    });
    await killed;
    expect(first.filter((s) => s !== 200 && s !== 'no answer')).toEqual([]);
    const pattern = `fault-mail-${run}-%`;
    const [{ pending }] = await q<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM outbox_messages WHERE delivered_at IS NULL AND failed_at IS NULL AND payload->>'to' LIKE $1`,
      [pattern],
    );
    say(`outbox: ${answered} answered, ${first.filter((s) => s === 'no answer').length} cut; ${pending} mails not yet delivered at the kill`);

    await api.start();
    // A row claimed by the killed process is taken again after its lease (60 s): let the lease lapse now.
    await q(`UPDATE outbox_messages SET locked_until = now() WHERE delivered_at IS NULL AND locked_until > now()`);
    await waitFor('the outbox drained', 30_000, async () => {
      const [{ n }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_messages WHERE delivered_at IS NULL AND failed_at IS NULL`);
      return n === 0;
    });
    const caused = await q<{ email: string }>(`SELECT DISTINCT email FROM email_confirmations WHERE email LIKE $1`, [pattern]);
    const mails = await q<{ to_address: string; n: number }>(
      `SELECT to_address, count(*)::int AS n FROM mail_outbox WHERE to_address LIKE $1 AND kind = 'email_confirmation' GROUP BY to_address`,
      [pattern],
    );
    const mailed = new Map(mails.map((m) => [m.to_address, m.n]));
    // Every request answered 200 caused its mail; every committed cause has exactly one mail; nothing else was mailed.
    for (let i = 0; i < N; i++) if (first[i] === 200) expect(mailed.get(emailOf(i))).toBe(1);
    for (const c of caused) expect(mailed.get(c.email)).toBe(1);
    expect(mails.length).toBe(caused.length);
    expect(await q(`SELECT id FROM outbox_messages WHERE failed_at IS NOT NULL`)).toEqual([]);
    expect(await q(`SELECT outbox_id FROM mail_outbox WHERE outbox_id IS NOT NULL GROUP BY outbox_id HAVING count(*) > 1`)).toEqual([]);
  });
});

/** Credits a user's USDT as an affiliate commission does (the ledger's own postTransfer). */
async function credit(userId: number, amount: string): Promise<void> {
  const handle = await openDb({ databaseUrl: cluster.urlOf(database) });
  try {
    await handle.db.transaction((tx) =>
      postTransfer(tx, {
        id: `affiliate:fault-${userId}`,
        kind: 'AFFILIATE_COMMISSION',
        currency: LEDGER_CURRENCY,
        userId,
        from: { userId: null, kind: 'PLATFORM_AFFILIATE_EXPENSE' },
        to: { userId, kind: 'USER_AVAILABLE' },
        amount: new D(amount),
      }),
    );
  } finally {
    await handle.close();
  }
}
