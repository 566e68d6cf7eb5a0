// Durable side effects (issue 14): one interface, two implementations (pg-boss on PostgreSQL, an in-process poller on
// PGlite), chosen by DATABASE_URL like the rest. See ./index.ts for what "never lost, never duplicated" means.
import type { MailMessage } from '../adapters/mail/types';

/** Raw SQL inside the caller's transaction (numbered parameters, as pg writes them). */
export interface OutboxTx {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export type OutboxMessage =
  | { topic: 'mail'; payload: MailMessage; dedupeKey?: string; availableAt?: Date }
  | { topic: 'webhook'; payload: Record<string, unknown>; dedupeKey?: string; availableAt?: Date };

export type OutboxTopic = OutboxMessage['topic'];

/** What the delivery of one row came to. */
export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

export interface Outbox {
  readonly kind: 'pg-boss' | 'in-process';
  /**
   * Writes the message in the caller's transaction: it exists exactly when that transaction commits. Returns the
   * row's id, or null when a row with the same dedupe key already exists (nothing is added).
   */
  enqueue(tx: OutboxTx, message: OutboxMessage): Promise<number | null>;
  /**
   * Runs `fn` in a new transaction whose enqueues are delivered promptly after the commit: awaited when the
   * delivery is local (the sandbox mailbox, a database insert), else handed to the worker without waiting.
   */
  transaction<T>(fn: (tx: OutboxTx) => Promise<T>): Promise<T>;
  /** Tries these rows now (after their transaction committed); a failure leaves them to the worker. */
  deliverNow(ids: number[]): Promise<void>;
  /**
   * Adds the delivery of a topic (webhooks register theirs when their module starts) with its own retry policy.
   * Until then rows of that topic wait untouched.
   */
  register(topic: OutboxTopic, handler: OutboxHandler, policy?: Partial<OutboxPolicy>): void;
  /** Wakes the worker (rows committed by a transaction the outbox did not open). */
  notify(): void;
}

export interface OutboxPolicy {
  /** How long a claim lasts: a worker that dies mid-delivery lets the row go again after this. */
  leaseMs: number;
  /** First retry after this; each further one waits twice as long, capped at maxBackoffMs. */
  retryBaseMs: number;
  maxBackoffMs: number;
  /** Tries before the row is failed for good (failed_at set, never tried again). */
  maxAttempts: number;
}

export interface OutboxWorker {
  start(): Promise<void>;
  /** Stops polling and waits for the deliveries under way; claimed rows not finished go again after their lease. */
  stop(): Promise<void>;
  /** Wakes the worker (a row was just committed). */
  notify(): void;
}

export interface OutboxHandler {
  /**
   * True when the delivery is a write to this same database (the sandbox mailbox): it then runs in the transaction
   * that marks the row delivered, so it happens exactly once. Otherwise it runs outside, before the mark.
   */
  readonly local: boolean;
  deliver(row: { id: number; payload: unknown; attempts: number }, tx: OutboxTx | null): Promise<void>;
}
