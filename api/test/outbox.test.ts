// The outbox (issue 14): a mail exists exactly when its transaction commits, a crash mid-delivery neither loses nor
// duplicates it, failures are retried with backoff up to a ceiling; pg-boss delivers on PostgreSQL, the poller on PGlite.
import { readOutbox } from '../src/adapters/mail';
import { createOutboxMailer } from '../src/adapters/mail/outbox';
import type { Mailer, MailMessage } from '../src/adapters/mail/types';
import { migrate } from '../src/db/migrate';
import { createOutbox, outboxDepth, outboxMessageId, outboxTx, readOutboxMessages, type OutboxSystem } from '../src/outbox';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const silent = { warn: () => undefined };
const message = (to: string): MailMessage => ({ to, kind: 'password_reset', locale: 'en', subject: 'Code', text: 'Your code is 12345678.' });

/** A remote mailer (not local to the database): records sends, fails while `failing` is set. */
function remoteMailer() {
  const sent: { to: string; messageId?: string }[] = [];
  const state = { failing: false };
  const mailer: Mailer = {
    sandbox: false,
    slow: true,
    async send(m, opts) {
      if (state.failing) throw Object.assign(new Error(`550 mailbox of ${m.to} unavailable`), { code: 'EENVELOPE' });
      sent.push({ to: m.to, messageId: opts?.messageId });
    },
    close: async () => undefined,
  };
  return { mailer, sent, state };
}

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(BACKENDS)('outbox on %s', (backend) => {
  let t: TestDb;
  const systems: OutboxSystem[] = [];
  const make = (mailer: Mailer, opts: Parameters<typeof createOutbox>[1]['policy'] = {}, extra: Partial<Parameters<typeof createOutbox>[1]> = {}) => {
    const s = createOutbox(t.handle, { mailer, mailFrom: 'Coinferry <no-reply@coinferry.test>', log: silent, policy: opts, pollMs: 50, ...extra });
    systems.push(s);
    return s;
  };
  const stopAll = async () => {
    await Promise.all(systems.splice(0).map((s) => s.worker.stop()));
  };

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
  }, 60_000);
  afterEach(stopAll);
  afterAll(async () => {
    await stopAll();
    await t?.drop();
  });

  it('a mail enqueued in a transaction that rolls back leaves nothing; one that commits is delivered to the sandbox mailbox', async () => {
    const { outbox, worker } = make(createOutboxMailer(t.handle));
    await worker.start();
    await expect(
      outbox.transaction(async (tx) => {
        await outbox.enqueue(tx, { topic: 'mail', payload: message('gone@example.com'), dedupeKey: 'mail:test:rollback' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await readOutboxMessages(t.handle, { dedupeKeyPrefix: 'mail:test:rollback' })).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await readOutbox(t.handle, { to: 'gone@example.com' })).toEqual([]);

    await outbox.transaction((tx) => outbox.enqueue(tx, { topic: 'mail', payload: message('kept@example.com'), dedupeKey: 'mail:test:commit' }));
    // Local delivery is awaited after the commit: the mail is in the mailbox when transaction() resolves.
    expect(await readOutbox(t.handle, { to: 'kept@example.com' })).toHaveLength(1);
    const [row] = await readOutboxMessages(t.handle, { dedupeKeyPrefix: 'mail:test:commit' });
    expect(row).toMatchObject({ topic: 'mail', attempts: 1, failedAt: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    // The code a mail carries is not kept once it went: the row keeps the envelope only.
    expect(row.payload).toEqual({ to: 'kept@example.com', kind: 'password_reset', locale: 'en', subject: 'Code' });
  });

  it('a dedupe key adds one row however often it is enqueued', async () => {
    const { outbox } = make(remoteMailer().mailer);
    const enqueue = () =>
      outbox.transaction((tx) => outbox.enqueue(tx, { topic: 'mail', payload: message('once@example.com'), dedupeKey: 'mail:test:dedupe' }));
    const first = await enqueue();
    expect(first).toEqual(expect.any(Number));
    expect(await enqueue()).toBeNull();
    expect(await readOutboxMessages(t.handle, { dedupeKeyPrefix: 'mail:test:dedupe' })).toHaveLength(1);
  });

  it('a worker that dies mid-delivery loses nothing: after its lease the row is delivered once, with the same Message-ID', async () => {
    const remote = remoteMailer();
    // The first worker: its enqueue commits, then it "dies" holding the claim (claimed, never marked).
    const dead = make(remote.mailer, { leaseMs: 400 });
    const id = (await dead.outbox.transaction(async (tx) => {
      const rowId = await dead.outbox.enqueue(tx, { topic: 'mail', payload: message('crash@example.com'), dedupeKey: 'mail:test:crash' });
      return rowId;
    })) as number;
    // The after-commit attempt ran in the background (remote mailer): wait for it, then pretend it crashed before
    // the mark by putting the row back to claimed-and-undelivered.
    await until(
      () => readOutboxMessages(t.handle, { dedupeKeyPrefix: 'mail:test:crash' }),
      ([r]) => r?.deliveredAt !== null,
    );
    await t.handle.withSession((s) =>
      s.query(`UPDATE outbox_messages SET delivered_at = NULL, locked_until = now() + interval '1500 milliseconds' WHERE id = $1`, [id]),
    );
    const leaseEnds = Date.now() + 1500;
    remote.sent.length = 0;
    expect(await outboxDepth(t.handle, 'mail')).toBeGreaterThanOrEqual(1);

    // A new process starts: while the lease holds nothing is sent; after it, exactly one delivery.
    const restarted = make(remote.mailer, { leaseMs: 400 }, { backstopPollMs: 50 });
    await restarted.worker.start();
    await new Promise((r) => setTimeout(r, 150));
    // (Checked only while the lease surely holds: starting pg-boss may take a while on a busy machine.)
    if (Date.now() < leaseEnds - 300) expect(remote.sent).toEqual([]);
    const [row] = await until(
      () => readOutboxMessages(t.handle, { dedupeKeyPrefix: 'mail:test:crash' }),
      ([r]) => r?.deliveredAt !== null,
    );
    expect(row.deliveredAt).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 300));
    expect(remote.sent).toEqual([{ to: 'crash@example.com', messageId: outboxMessageId(id, 'no-reply@coinferry.test') }]);
    expect(outboxMessageId(id, 'Coinferry <no-reply@coinferry.test>')).toBe(`<outbox-${id}@coinferry.test>`);

    // Another restart sends nothing more.
    await stopAll();
    const again = make(remote.mailer, { leaseMs: 400 }, { backstopPollMs: 50 });
    await again.worker.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(remote.sent).toHaveLength(1);
  });

  it('the sandbox mailbox gets a mail once even when two workers race for its row', async () => {
    const mailer = createOutboxMailer(t.handle);
    const a = make(mailer);
    const b = make(mailer);
    const id = (await t.handle.db.transaction((tx) =>
      a.outbox.enqueue(outboxTx(tx), { topic: 'mail', payload: message('race@example.com'), dedupeKey: 'mail:test:race' }),
    )) as number;
    await Promise.all([a.outbox.deliverNow([id]), b.outbox.deliverNow([id]), a.outbox.deliverNow([id])]);
    expect(await readOutbox(t.handle, { to: 'race@example.com' })).toHaveLength(1);
    const [row] = await readOutboxMessages(t.handle, { dedupeKeyPrefix: 'mail:test:race' });
    expect(row.attempts).toBe(1);
  });

  it('failures are retried with exponential backoff and failed for good at the ceiling', async () => {
    const remote = remoteMailer();
    remote.state.failing = true;
    const { outbox } = make(remote.mailer, { retryBaseMs: 400, maxBackoffMs: 10_000, maxAttempts: 3 });
    const id = (await t.handle.db.transaction((tx) =>
      outbox.enqueue(outboxTx(tx), { topic: 'mail', payload: message('bounce@example.com'), dedupeKey: 'mail:test:retry' }),
    )) as number;
    const read = async () => (await readOutboxMessages(t.handle, { dedupeKeyPrefix: 'mail:test:retry' }))[0];
    const availableAt = async () =>
      new Date(
        (await t.handle.withSession((s) => s.query<{ available_at: string | Date }>('SELECT available_at FROM outbox_messages WHERE id = $1', [id])))[0]
          .available_at,
      ).getTime();

    const t1 = Date.now();
    await outbox.deliverNow([id]);
    expect(await read()).toMatchObject({ attempts: 1, failedAt: null, deliveredAt: null, lastError: 'EENVELOPE' });
    const wait1 = (await availableAt()) - t1;
    // Not due yet: a second try now is skipped.
    await outbox.deliverNow([id]);
    expect((await read()).attempts).toBe(1);

    await new Promise((r) => setTimeout(r, 450));
    const t2 = Date.now();
    await outbox.deliverNow([id]);
    expect((await read()).attempts).toBe(2);
    const wait2 = (await availableAt()) - t2;
    expect(wait1).toBeGreaterThanOrEqual(350);
    expect(wait2).toBeGreaterThanOrEqual(750);
    expect(wait2).toBeGreaterThan(wait1);

    await new Promise((r) => setTimeout(r, 850));
    await outbox.deliverNow([id]);
    const failed = await read();
    expect(failed).toMatchObject({ attempts: 3, deliveredAt: null, lastError: 'EENVELOPE' });
    expect(failed.failedAt).toBeInstanceOf(Date);
    // The recipient is never kept in last_error (a transport's message may quote it).
    expect(failed.lastError).not.toContain('bounce@');
    expect(failed.payload).not.toHaveProperty('text');
    // Failed for good: out of the depth, never tried again.
    expect((await readOutboxMessages(t.handle, { state: 'pending', dedupeKeyPrefix: 'mail:test:retry' })).length).toBe(0);
    remote.state.failing = false;
    await outbox.deliverNow([id]);
    expect(remote.sent).toEqual([]);
  });

  it('rows of a topic with no delivery registered wait untouched until one is', async () => {
    const { outbox, worker } = make(remoteMailer().mailer);
    await worker.start();
    await t.handle.db.transaction((tx) =>
      outbox.enqueue(outboxTx(tx), { topic: 'webhook', payload: { deliveryId: 'x', lane: 'webhook:w' }, dedupeKey: 'webhook:test:wait' }),
    );
    outbox.notify();
    await new Promise((r) => setTimeout(r, 300));
    const read = () => readOutboxMessages(t.handle, { dedupeKeyPrefix: 'webhook:test:wait' });
    expect((await read())[0]).toMatchObject({ topic: 'webhook', attempts: 0, deliveredAt: null, failedAt: null });
    expect(await outboxDepth(t.handle, 'webhook')).toBe(1);
    const seen: unknown[] = [];
    outbox.register('webhook', { local: false, deliver: async (row) => void seen.push(row.payload) });
    // On PostgreSQL, pg-boss's job of the row comes back within a second (before the 5 s backstop): no nudge needed.
    if (backend === 'pglite') outbox.notify();
    const [row] = await until(read, ([r]) => r?.deliveredAt !== null);
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(seen).toEqual([{ deliveryId: 'x', lane: 'webhook:w' }]);
    expect(await outboxDepth(t.handle, 'webhook')).toBe(0);
  });

  it(`the worker delivers rows committed while no worker ran (${backend === 'postgres' ? 'pg-boss' : 'in-process poller'})`, async () => {
    const remote = remoteMailer();
    // Only the worker can deliver: the enqueue goes through a plain transaction (no attempt after commit) and, on
    // PostgreSQL, the backstop poller is slowed down so pg-boss's job is what delivers.
    const first = make(remote.mailer, {}, { backstopPollMs: 60_000 });
    await first.worker.start();
    expect(first.outbox.kind).toBe(backend === 'postgres' ? 'pg-boss' : 'in-process');
    await t.handle.db.transaction((tx) =>
      first.outbox.enqueue(outboxTx(tx), { topic: 'mail', payload: message('worker@example.com'), dedupeKey: 'mail:test:worker' }),
    );
    const [row] = await until(
      () => readOutboxMessages(t.handle, { dedupeKeyPrefix: 'mail:test:worker' }),
      ([r]) => r?.deliveredAt !== null,
    );
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(remote.sent.map((s) => s.to)).toEqual(['worker@example.com']);
  }, 20_000);
});
