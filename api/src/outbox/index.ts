// Durable side effects (issue 14). A mail is a row of outbox_messages written in the same transaction as the change
// that causes it (`outbox.enqueue(tx, …)`, or `outbox.transaction(fn)` for a new one), so it exists exactly when the
// change does. A worker delivers it: pg-boss on PostgreSQL (a job per row, written in the row's transaction), an
// in-process poller on PGlite (and, slowly, beside pg-boss as a backstop). Right after the commit the row is also tried
// at once, so the sandbox mailbox has the mail when the request answers.
//
// What "never lost, never duplicated" means here:
// - Lost: never. The row commits with its cause; a worker that dies mid-delivery leaves a claim that lapses after
//   the lease (OUTBOX_LEASE_MS), then the row is tried again, by this process after a restart or by another replica.
//   A row is failed for good (failed_at, last_error) only after maxAttempts tries with exponential backoff.
// - Duplicated: each notification has a dedupe key (unique) and one row; a claim is one UPDATE … WHERE not claimed,
//   so two workers never deliver a row at once. The sandbox mailbox is written in the transaction that marks the row
//   delivered (and mail_outbox.outbox_id is unique): exactly once. Over SMTP, a crash after the server accepted the
//   mail and before the row is marked delivered resends it once after the lease: the resend carries the same
//   Message-ID (<outbox-ID.…@domain>, from the row id), which receiving systems use to drop the copy, but SMTP itself
//   has no idempotent submit, so the guarantee for real mail is at-least-once with at most one such resend per crash.
import type { DbHandle } from '../db/client';
import type { Mailer, MailMessage } from '../adapters/mail/types';
import { createPgBossWorker } from './pgBoss';
import { createOutboxStore, DEFAULT_OUTBOX_POLICY, inTransaction, insertMessage, type OutboxPolicy } from './store';
import type { Outbox, OutboxHandler, OutboxTx, OutboxWorker } from './types';
import { createPollingWorker } from './worker';

export type { Outbox, OutboxTx, OutboxWorker, OutboxHandler } from './types';
export { outboxTx, readOutboxMessages, outboxDepth, type OutboxPolicy } from './store';

/** The SMTP Message-ID of an outbox row: the same for every attempt, so a resend is recognisably the same mail. */
export function outboxMessageId(outboxId: number, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<outbox-${outboxId}@${domain}>`;
}

function mailHandler(mailer: Mailer, mailFrom: string): OutboxHandler {
  const within = mailer.sendWithin?.bind(mailer);
  return within
    ? {
        local: true,
        async deliver(row, tx) {
          await within(tx as OutboxTx, row.payload as MailMessage, row.id);
        },
      }
    : {
        local: false,
        async deliver(row) {
          await mailer.send(row.payload as MailMessage, { messageId: outboxMessageId(row.id, mailFrom) });
        },
      };
}

export interface CreateOutboxOptions {
  mailer: Mailer;
  mailFrom: string;
  policy?: Partial<OutboxPolicy>;
  /** Poll interval of the in-process worker (PGlite), and of the backstop beside pg-boss (PostgreSQL). */
  pollMs?: number;
  backstopPollMs?: number;
  /** 'auto' (default): pg-boss on PostgreSQL, in-process on PGlite. */
  worker?: 'auto' | 'in-process';
  log: { warn(obj: object, msg: string): void };
}

export interface OutboxSystem {
  outbox: Outbox;
  worker: OutboxWorker;
}

export { PermanentFailure } from './store';

export function createOutbox(db: DbHandle, opts: CreateOutboxOptions): OutboxSystem {
  const policy = { ...DEFAULT_OUTBOX_POLICY, ...opts.policy };
  const mail = mailHandler(opts.mailer, opts.mailFrom);
  const store = createOutboxStore(db, policy);
  store.register('mail', mail);
  const usePgBoss = db.kind === 'postgres' && opts.worker !== 'in-process';
  const poller = createPollingWorker(store, {
    intervalMs: usePgBoss ? (opts.backstopPollMs ?? 5_000) : (opts.pollMs ?? 1_000),
    log: opts.log,
  });
  const boss = usePgBoss ? createPgBossWorker(store, { db, leaseMs: policy.leaseMs, log: opts.log }) : undefined;
  /** Rows enqueued in a transaction opened by outbox.transaction(), tried after its commit. */
  const enqueued = new WeakMap<OutboxTx, number[]>();

  async function deliverNow(ids: number[]): Promise<void> {
    for (const id of ids) {
      try {
        await store.deliverOne(id);
      } catch (err) {
        // The row stays pending: the worker tries it again.
        opts.log.warn({ err, outboxId: id }, 'outbox delivery after commit failed');
      }
    }
  }

  const outbox: Outbox = {
    kind: boss ? 'pg-boss' : 'in-process',
    async enqueue(tx, message) {
      const id = await insertMessage(tx, message);
      if (id === null) return null;
      if (boss?.started) await boss.sendIn(tx, id);
      enqueued.get(tx)?.push(id);
      return id;
    },
    async transaction(fn) {
      const ids: number[] = [];
      const result = await inTransaction(db, async (tx) => {
        enqueued.set(tx, ids);
        return fn(tx);
      });
      if (ids.length) {
        // Local delivery (the sandbox mailbox) is a quick insert: awaited, so the mail is there when the caller
        // answers. A remote one (SMTP) is not waited for: the caller's answer time tells nothing about it.
        if (mail.local) await deliverNow(ids);
        else void deliverNow(ids);
      }
      return result;
    },
    deliverNow,
    register: (topic, handler, topicPolicy) => store.register(topic, handler, topicPolicy),
    notify: () => poller.notify(),
  };

  const worker: OutboxWorker = {
    async start() {
      await boss?.start();
      await poller.start();
    },
    async stop() {
      await poller.stop();
      await boss?.stop();
    },
    notify() {
      poller.notify();
    },
  };
  return { outbox, worker };
}
