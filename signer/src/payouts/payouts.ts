// Payouts from the hot wallet. One idempotency key → at most one nonce → at most one transaction ever mined: the
// signed transaction is journaled before its broadcast, a repeated key answers from the journal, and a replacement
// reuses the nonce. Signing is serialised on the hot wallet's lock.
import type { FastifyBaseLogger } from 'fastify';
import type { LocalAccount } from 'viem';
import { maxOf } from '../bigints';
import { type Call, type EvmChain, erc20TransferCall, type Fees, shortMessage } from '../chain/chain';
import type { EvmAsset, SignerPayoutRequest, SignerPayoutStatus } from '../client';
import { idempotencyConflict, SignerRefusal } from '../errors';
import type { Ledger, PayoutRecord, SignedTx } from '../journal/ledger';
import { assetId, checkLimits, type Limits, utcDay } from '../limits/limits';
import type { SerialLock } from '../serialLock';
import { payoutRefusal, samePayout } from './validate';

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface PayoutsDeps {
  ledger: Ledger;
  chain: EvmChain;
  hot: LocalAccount;
  hotLock: SerialLock;
  limits: Limits;
  replaceAfterMs: number;
  crashAfterSign: boolean;
  now: () => Date;
  log: Log;
}

/** A replacement raises both fee caps by at least this much (nodes want ≥ 10 %). */
const BUMP_NUMERATOR = 1125n;
const BUMP_DENOMINATOR = 1000n;
/** No more fee bumps once the stuck transaction already offers this many times the node's current estimate. */
const MAX_FEE_OVER_ESTIMATE = 4n;

function bumped(previous: bigint): bigint {
  const raised = (previous * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR;
  return raised > previous ? raised : previous + 1n;
}

/** A gas estimate with headroom for a contract call whose cost depends on state at mining time. */
export function gasWithHeadroom(estimate: bigint): bigint {
  return estimate <= 21_000n ? estimate : (estimate * 6n) / 5n;
}

function payoutCall(asset: EvmAsset, to: `0x${string}`, amount: bigint): Call {
  return asset.kind === 'native' ? { to, value: amount } : erc20TransferCall(asset.contract, to, amount);
}

export class Payouts {
  /** The last status seen per signed payout: the replacement loop and health skip what is mined or rejected. */
  private readonly lastSeen = new Map<string, SignerPayoutStatus['status']>();

  constructor(private readonly deps: PayoutsDeps) {}

  /** POST /v1/payouts. Validate → limits → nonce → sign → journal → broadcast → answer; one at a time. */
  async request(req: SignerPayoutRequest): Promise<SignerPayoutStatus> {
    // a repeated key (the api asks again for the status) answers without waiting for the lock
    const known = this.deps.ledger.payouts.get(req.idempotencyKey);
    if (known) {
      if (!samePayout(known, req)) throw idempotencyConflict(req.idempotencyKey);
      return this.statusOf(known);
    }
    return this.deps.hotLock.run(async () => {
      const { ledger, limits, now } = this.deps;
      const existing = ledger.payouts.get(req.idempotencyKey);
      if (existing) {
        if (!samePayout(existing, req)) throw idempotencyConflict(req.idempotencyKey);
        return this.statusOf(existing);
      }
      const fields = {
        key: req.idempotencyKey,
        asset: req.asset.kind === 'native' ? req.asset : { kind: 'erc20' as const, contract: req.asset.contract.toLowerCase() as `0x${string}` },
        to: req.to,
        amount: /^\d+$/.test(req.amount) ? BigInt(req.amount).toString() : req.amount,
      };
      const refusal = payoutRefusal(req, limits);
      if (refusal) {
        ledger.record({ type: 'payout-rejected', ...fields, reason: refusal, at: now().toISOString() });
        return this.statusOf(this.record(fields.key));
      }
      const id = assetId(fields.asset);
      const assetLimits = limits.get(id);
      if (!assetLimits) throw new Error('unreachable: payoutRefusal checks the asset has limits');
      const decision = checkLimits(assetLimits, BigInt(fields.amount), ledger.spentOnDay(id, utcDay(now())));
      if (!decision.ok) {
        ledger.record({ type: 'payout-held', ...fields, reason: decision.reason, at: now().toISOString() });
        this.deps.log.warn({ idempotencyKey: fields.key, asset: id, amount: fields.amount, reason: decision.reason }, 'payout held for review');
        return this.statusOf(this.record(fields.key));
      }
      await this.signFirst(fields, false);
      return this.statusOf(this.record(fields.key));
    });
  }

  /** POST /v1/admin/payouts/:key/release: signs and sends a held payout regardless of the limits. Null: unknown key. */
  release(key: string): Promise<SignerPayoutStatus | null> {
    return this.deps.hotLock.run(async () => {
      const record = this.deps.ledger.payouts.get(key);
      if (!record) return null;
      if (record.state === 'rejected') throw new SignerRefusal(409, 'payout-rejected', 'a rejected payout cannot be released');
      if (record.state === 'held') {
        this.deps.log.warn({ idempotencyKey: key, asset: assetId(record.asset), amount: record.amount }, 'held payout released by an operator');
        await this.signFirst(record, true);
      }
      return this.statusOf(record);
    });
  }

  /** GET /v1/payouts/:key: the canonical chain's view now (receipts of every hash the payout ever had). */
  async status(key: string): Promise<SignerPayoutStatus | null> {
    const record = this.deps.ledger.payouts.get(key);
    return record ? this.statusOf(record) : null;
  }

  /** On start: every journaled payout without a receipt is broadcast again (the same signed transaction). */
  async resume(): Promise<void> {
    for (const record of this.deps.ledger.payouts.values()) {
      if (record.state !== 'signed') continue;
      try {
        await this.statusOf(record);
      } catch (err) {
        this.deps.log.warn({ idempotencyKey: record.key, err: shortMessage(err) }, 'payout status on start failed');
      }
    }
  }

  pendingCount(): number {
    let n = 0;
    for (const record of this.deps.ledger.payouts.values()) {
      const seen = this.lastSeen.get(record.key);
      if (record.state === 'signed' && seen !== 'mined' && seen !== 'rejected') n++;
    }
    return n;
  }

  heldCount(): number {
    return this.deps.ledger.heldCount();
  }

  /** One pass of the replacement loop: a payout still without a receipt after replaceAfterMs is re-signed, fees raised. */
  async replaceStuck(): Promise<void> {
    for (const record of [...this.deps.ledger.payouts.values()]) {
      const seen = this.lastSeen.get(record.key);
      if (record.state !== 'signed' || seen === 'mined' || seen === 'rejected') continue;
      try {
        const status = await this.statusOf(record);
        const latest = record.txs.at(-1);
        if (status.status !== 'sent' || !latest) continue;
        if (this.deps.now().getTime() - Date.parse(latest.signedAt) < this.deps.replaceAfterMs) continue;
        await this.deps.hotLock.run(() => this.replace(record));
      } catch (err) {
        this.deps.log.warn({ idempotencyKey: record.key, err: shortMessage(err) }, 'payout replacement check failed');
      }
    }
  }

  private record(key: string): PayoutRecord {
    const record = this.deps.ledger.payouts.get(key);
    if (!record) throw new Error(`payout ${key} is not in the ledger`);
    return record;
  }

  private async signFirst(fields: Pick<PayoutRecord, 'key' | 'asset' | 'to' | 'amount'>, released: boolean): Promise<void> {
    const { chain, hot, ledger, now } = this.deps;
    const call = payoutCall(fields.asset, fields.to, BigInt(fields.amount));
    const [fees, gasEstimate, nonce] = await Promise.all([
      chain.fees(),
      chain.estimateGas(hot.address, call),
      chain.nextNonce(hot.address, ledger.highestJournaledNonce(hot.address)),
    ]);
    const tx = await chain.sign(hot, call, nonce, gasWithHeadroom(gasEstimate), fees, now());
    ledger.record({ type: 'payout-signed', key: fields.key, asset: fields.asset, to: fields.to, amount: fields.amount, tx, replacement: false, released });
    if (this.deps.crashAfterSign) {
      // SIGNER_FAULT=crash-after-sign (tests only): die between the journal and the broadcast
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => {});
    }
    this.deps.log.info({ idempotencyKey: fields.key, txHash: tx.hash, nonce, asset: assetId(fields.asset), amount: fields.amount }, 'payout signed');
    await this.broadcast(fields.key, tx);
  }

  private async replace(record: PayoutRecord): Promise<void> {
    const { chain, hot, ledger, now, log } = this.deps;
    for (const tx of record.txs) if (await chain.receipt(tx.hash)) return;
    const latest = record.txs.at(-1);
    if (!latest) return;
    const estimate = await chain.fees();
    if (BigInt(latest.maxFeePerGas) >= estimate.maxFeePerGas * MAX_FEE_OVER_ESTIMATE) {
      log.warn({ idempotencyKey: record.key, txHash: latest.hash }, 'payout still unmined at several times the fee estimate: not raising further');
      return;
    }
    const priority = maxOf(bumped(BigInt(latest.maxPriorityFeePerGas)), estimate.maxPriorityFeePerGas);
    const fees: Fees = { maxPriorityFeePerGas: priority, maxFeePerGas: maxOf(bumped(BigInt(latest.maxFeePerGas)), estimate.maxFeePerGas, priority) };
    const call = payoutCall(record.asset, record.to, BigInt(record.amount));
    const tx = await chain.sign(hot, call, latest.nonce, BigInt(latest.gas), fees, now());
    ledger.record({
      type: 'payout-signed',
      key: record.key,
      asset: record.asset,
      to: record.to,
      amount: record.amount,
      tx,
      replacement: true,
      released: false,
    });
    log.info({ idempotencyKey: record.key, txHash: tx.hash, replaces: latest.hash, nonce: tx.nonce }, 'stuck payout replaced with higher fees');
    await this.broadcast(record.key, tx);
  }

  /** A failed broadcast is not the caller's failure: the transaction is journaled and status checks send it again. */
  private async broadcast(key: string, tx: SignedTx): Promise<void> {
    try {
      await this.deps.chain.broadcast(tx.raw);
    } catch (err) {
      this.deps.log.warn({ idempotencyKey: key, txHash: tx.hash, err: shortMessage(err) }, 'broadcast failed (will retry)');
    }
  }

  private async statusOf(record: PayoutRecord): Promise<SignerPayoutStatus> {
    const base = { idempotencyKey: record.key, txHash: null, blockNumber: null, reason: record.reason };
    if (record.state === 'held') return { ...base, status: 'held' };
    if (record.state === 'rejected') return { ...base, status: 'rejected' };
    const { chain } = this.deps;
    for (const tx of [...record.txs].reverse()) {
      const receipt = await chain.receipt(tx.hash);
      if (!receipt) continue;
      const status = receipt.status === 'success' ? 'mined' : 'rejected';
      this.lastSeen.set(record.key, status);
      return { ...base, status, txHash: tx.hash, blockNumber: receipt.blockNumber.toString(), reason: status === 'rejected' ? 'reverted' : null };
    }
    const latest = record.txs.at(-1);
    if (!latest) throw new Error(`signed payout ${record.key} has no transaction`);
    // no receipt: after a reorg or a node restart the node may have forgotten it; the same signed bytes go out again
    let known = false;
    for (const tx of record.txs) if (!known) known = await chain.knows(tx.hash);
    if (!known) await this.broadcast(record.key, latest);
    this.lastSeen.set(record.key, 'sent');
    return { ...base, status: 'sent', txHash: latest.hash };
  }
}
