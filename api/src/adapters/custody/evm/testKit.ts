// Fakes for the EVM custody adapter's tests: a silent logger, a scripted signer, a recording deposit sink, instruments.
import type { FastifyBaseLogger } from 'fastify';
import type { SignerClient, SignerHealth, SignerPayoutRequest, SignerPayoutStatus, SignerSweepRequest, SignerSweepStatus } from 'signer/client';
import { catalogueRepo } from '../../../../test/helpers/catalogue';
import type { InstrumentRecord } from '../../../modules/instruments';
import type { DepositSink } from '../types';

export interface RecordingLog extends FastifyBaseLogger {
  lines: Array<{ level: string; obj: unknown; msg?: string }>;
}

export function recordingLog(): RecordingLog {
  const lines: RecordingLog['lines'] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => {
    lines.push({ level, obj, msg });
  };
  const log = {
    lines,
    level: 'info',
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    silent: () => undefined,
    child: () => log,
  };
  return log as unknown as RecordingLog;
}

/** Catalogue instruments with a small confirmation depth, so chain tests mine few blocks. */
export function testInstruments(requiredConfirmations: number): (slug: string) => InstrumentRecord {
  const repo = catalogueRepo();
  return (slug) => {
    const record = repo.bySlug(slug);
    if (!record) throw new Error(`no instrument ${slug}`);
    return { ...record, requiredConfirmations };
  };
}

export interface FakeSigner extends SignerClient {
  payouts: SignerPayoutRequest[];
  sweeps: SignerSweepRequest[];
  /** The next answers to payout() (the last one repeats). */
  payoutAnswers: Array<Omit<SignerPayoutStatus, 'idempotencyKey'>>;
  sweepAnswer: Omit<SignerSweepStatus, 'idempotencyKey'> | Error;
}

export function fakeSigner(): FakeSigner {
  const signer: FakeSigner = {
    payouts: [],
    sweeps: [],
    payoutAnswers: [{ status: 'sent', txHash: `0x${'ab'.repeat(32)}`, blockNumber: null, reason: null }],
    sweepAnswer: { status: 'sent', txHashes: [`0x${'cd'.repeat(32)}`], reason: null },
    async payout(req) {
      signer.payouts.push(req);
      const answer = signer.payoutAnswers.length > 1 ? (signer.payoutAnswers.shift() as (typeof signer.payoutAnswers)[number]) : signer.payoutAnswers[0];
      return { idempotencyKey: req.idempotencyKey, ...answer };
    },
    async payoutStatus() {
      return null;
    },
    async sweep(req) {
      signer.sweeps.push(req);
      if (signer.sweepAnswer instanceof Error) throw signer.sweepAnswer;
      return { idempotencyKey: req.idempotencyKey, ...signer.sweepAnswer };
    },
    async health(): Promise<SignerHealth> {
      return { hotWallet: `0x${'11'.repeat(20)}`, chainId: 31337, nonce: 3, pendingPayouts: 1, heldPayouts: 2, balances: { native: '5' } };
    },
  };
  return signer;
}

export interface RecordingSink extends DepositSink {
  orders: Array<{ orderId: string; fromSlug: string; address: string }>;
  observed: Array<{ orderId: string; txHash: string; amount: string; confirmations: number }>;
  /** The last observation of each (orderId, txHash). */
  latest(orderId: string): Array<{ txHash: string; amount: string; confirmations: number }>;
}

export function recordingSink(): RecordingSink {
  const sink: RecordingSink = {
    orders: [],
    observed: [],
    async watched(slugs) {
      return sink.orders.filter((o) => slugs.includes(o.fromSlug));
    },
    async depositObserved(d) {
      sink.observed.push(d);
    },
    latest(orderId) {
      const byTx = new Map<string, { txHash: string; amount: string; confirmations: number }>();
      for (const d of sink.observed) if (d.orderId === orderId) byTx.set(d.txHash, { txHash: d.txHash, amount: d.amount, confirmations: d.confirmations });
      return [...byTx.values()];
    },
  };
  return sink;
}
