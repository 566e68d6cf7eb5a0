// What the journal says: every payout and sweep by idempotency key, the transactions signed for them, and the highest
// nonce signed per sending address. Rebuilt from the journal on start; every change goes to the journal first.
import type { EvmAsset } from '../client';
import { assetId, utcDay } from '../limits/limits';
import type { Journal } from './journal';

/** A signed transaction as journaled before its broadcast (the raw form is public once broadcast: no secret). */
export interface SignedTx {
  hash: `0x${string}`;
  raw: `0x${string}`;
  from: `0x${string}`;
  nonce: number;
  gas: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  signedAt: string;
}

interface PayoutFields {
  key: string;
  asset: EvmAsset;
  to: `0x${string}`;
  amount: string;
}

export type JournalEntry =
  | (PayoutFields & { type: 'payout-held'; reason: string; at: string })
  | (PayoutFields & { type: 'payout-rejected'; reason: string; at: string })
  /** The first signing, a release's signing or a fee-bumped replacement (same nonce as the first). */
  | (PayoutFields & { type: 'payout-signed'; tx: SignedTx; replacement: boolean; released: boolean })
  | {
      type: 'sweep-signed';
      key: string;
      derivationIndex: number;
      asset: EvmAsset;
      /** topup: gas from the hot wallet to the deposit address; transfer: the deposit to the hot wallet. */
      step: 'topup' | 'transfer';
      /** Wei (topup, native transfer) or token base units (erc20 transfer). */
      value: string;
      tx: SignedTx;
    };

export interface PayoutRecord extends PayoutFields {
  state: 'held' | 'rejected' | 'signed';
  reason: string | null;
  released: boolean;
  /** In signing order, all at one nonce: the first transaction and its replacements. */
  txs: SignedTx[];
}

export interface SweepRecord {
  key: string;
  derivationIndex: number;
  asset: EvmAsset;
  topup: SignedTx | null;
  transfer: SignedTx | null;
  transferValue: string | null;
}

export class Ledger {
  readonly payouts = new Map<string, PayoutRecord>();
  readonly sweeps = new Map<string, SweepRecord>();
  private readonly highestNonce = new Map<string, number>();

  constructor(private readonly journal: Pick<Journal<JournalEntry>, 'append'> & { readonly replayed: readonly JournalEntry[] }) {
    for (const entry of journal.replayed) this.apply(entry);
  }

  /** Journals the entry (on disk when this returns), then applies it. */
  record(entry: JournalEntry): void {
    this.journal.append(entry);
    this.apply(entry);
  }

  /** The highest nonce journaled for transactions from `address`, or -1. */
  highestJournaledNonce(address: string): number {
    return this.highestNonce.get(address.toLowerCase()) ?? -1;
  }

  /** The asset's payouts counted toward a UTC day's limit: signed (or released) ones, by the day of their first signing. */
  spentOnDay(asset: string, day: string): bigint {
    let sum = 0n;
    for (const payout of this.payouts.values()) {
      if (payout.state !== 'signed' || assetId(payout.asset) !== asset) continue;
      const first = payout.txs[0];
      if (first && utcDay(first.signedAt) === day) sum += BigInt(payout.amount);
    }
    return sum;
  }

  heldCount(): number {
    let n = 0;
    for (const payout of this.payouts.values()) if (payout.state === 'held') n++;
    return n;
  }

  private noteNonce(tx: SignedTx): void {
    const from = tx.from.toLowerCase();
    if (tx.nonce > (this.highestNonce.get(from) ?? -1)) this.highestNonce.set(from, tx.nonce);
  }

  private apply(entry: JournalEntry): void {
    switch (entry.type) {
      case 'payout-held':
      case 'payout-rejected':
        this.payouts.set(entry.key, {
          key: entry.key,
          asset: entry.asset,
          to: entry.to,
          amount: entry.amount,
          state: entry.type === 'payout-held' ? 'held' : 'rejected',
          reason: entry.reason,
          released: false,
          txs: [],
        });
        return;
      case 'payout-signed': {
        const existing = this.payouts.get(entry.key);
        const record: PayoutRecord = existing ?? {
          key: entry.key,
          asset: entry.asset,
          to: entry.to,
          amount: entry.amount,
          state: 'signed',
          reason: null,
          released: false,
          txs: [],
        };
        record.state = 'signed';
        record.reason = null;
        record.released ||= entry.released;
        record.txs.push(entry.tx);
        this.payouts.set(entry.key, record);
        this.noteNonce(entry.tx);
        return;
      }
      case 'sweep-signed': {
        const record = this.sweeps.get(entry.key) ?? {
          key: entry.key,
          derivationIndex: entry.derivationIndex,
          asset: entry.asset,
          topup: null,
          transfer: null,
          transferValue: null,
        };
        if (entry.step === 'topup') record.topup = entry.tx;
        else {
          record.transfer = entry.tx;
          record.transferValue = entry.value;
        }
        this.sweeps.set(entry.key, record);
        this.noteNonce(entry.tx);
        return;
      }
    }
  }
}
