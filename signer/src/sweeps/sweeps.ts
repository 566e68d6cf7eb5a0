// Sweeps: a deposit address's whole balance to the hot wallet, signed with the key derived from the deposit account's
// xprv at 0/i. An ERC-20 deposit address without gas first gets a top-up from the hot wallet. Journaled like payouts
// (idempotent by key); sweeps queue among themselves and take the hot wallet's lock only to sign a top-up.
import { HDKey } from '@scure/bip32';
import { type LocalAccount, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { minOf } from '../bigints';
import { type EvmChain, erc20TransferCall, type Fees, shortMessage } from '../chain/chain';
import type { SignerSweepRequest, SignerSweepStatus } from '../client';
import { idempotencyConflict, SignerRefusal } from '../errors';
import type { Ledger, SignedTx, SweepRecord } from '../journal/ledger';
import { assetId, type Limits } from '../limits/limits';
import { gasWithHeadroom, type Log } from '../payouts/payouts';
import { SerialLock } from '../serialLock';

const NATIVE_TRANSFER_GAS = 21_000n;

export interface SweepsDeps {
  ledger: Ledger;
  chain: EvmChain;
  hot: LocalAccount;
  hotLock: SerialLock;
  limits: Limits;
  /** The deposit account's extended private key; null: sweeps are refused. */
  depositXprv: string | null;
  /** Fixed top-up in wei; null: what the token transfer needs at the current fee estimate. */
  gasTopup: bigint | null;
  /** How long one sweep call waits for its top-up to be mined before answering `sent` (the next call carries on). */
  topupWaitMs: number;
  now: () => Date;
  log: Log;
}

export class Sweeps {
  private readonly lock = new SerialLock();
  private readonly externalChain: HDKey | null;

  constructor(private readonly deps: SweepsDeps) {
    this.externalChain = deps.depositXprv ? HDKey.fromExtendedKey(deps.depositXprv).deriveChild(0) : null;
  }

  sweep(req: SignerSweepRequest): Promise<SignerSweepStatus> {
    return this.lock.run(() => this.sweepNow(req));
  }

  /** On start: a journaled sweep transaction the node no longer knows is broadcast again. */
  async resume(): Promise<void> {
    for (const record of this.deps.ledger.sweeps.values()) {
      for (const tx of [record.topup, record.transfer]) {
        if (!tx) continue;
        try {
          await this.ensureBroadcast(record.key, tx);
        } catch (err) {
          this.deps.log.warn({ idempotencyKey: record.key, err: shortMessage(err) }, 'sweep resume failed');
        }
      }
    }
  }

  private depositAccount(index: number): LocalAccount {
    if (!this.externalChain) throw new SignerRefusal(503, 'sweeps-disabled', 'sweeps need SIGNER_DEPOSIT_XPRV');
    const key = this.externalChain.deriveChild(index).privateKey;
    if (!key) throw new Error('the deposit account key is not private');
    return privateKeyToAccount(toHex(key));
  }

  private async sweepNow(req: SignerSweepRequest): Promise<SignerSweepStatus> {
    const { ledger, chain, hot, limits } = this.deps;
    const key = req.idempotencyKey;
    const existing = ledger.sweeps.get(key);
    if (existing && (existing.derivationIndex !== req.derivationIndex || assetId(existing.asset) !== assetId(req.asset))) {
      throw idempotencyConflict(key);
    }
    const answer = (status: SignerSweepStatus['status'], reason: string | null = null): SignerSweepStatus => ({
      idempotencyKey: key,
      status,
      txHashes: hashes(ledger.sweeps.get(key)),
      reason,
    });
    if (!limits.has(assetId(req.asset))) return answer('rejected', 'unknown asset (no limit configured for it)');
    if (existing?.transfer) return this.transferStatus(existing);

    const account = this.depositAccount(req.derivationIndex);
    const from = account.address;

    if (req.asset.kind === 'native') {
      const [balance, fees] = await Promise.all([chain.nativeBalance(from), chain.fees()]);
      const cost = NATIVE_TRANSFER_GAS * fees.maxFeePerGas;
      if (balance === 0n) return answer('nothing');
      if (balance <= cost) return answer('nothing', 'balance does not cover the gas');
      const value = balance - cost;
      await this.signTransfer(req, account, { to: hot.address, value }, NATIVE_TRANSFER_GAS, fees, value);
      return this.transferStatus(this.record(key));
    }

    const contract = req.asset.contract.toLowerCase() as `0x${string}`;
    if (existing?.topup) {
      const topup = await this.waitForTopup(existing, existing.topup);
      if (topup !== 'mined') return answer(topup === 'reverted' ? 'rejected' : 'sent', topup === 'reverted' ? 'gas top-up reverted' : null);
    }
    const tokens = await chain.tokenBalance(contract, from);
    if (tokens === 0n) return answer('nothing');
    const call = erc20TransferCall(contract, hot.address, tokens);
    const [gasEstimate, estimate, gasBalance] = await Promise.all([chain.estimateGas(from, call), chain.fees(), chain.nativeBalance(from)]);
    const gas = gasWithHeadroom(gasEstimate);
    let fees = estimate;
    if (gasBalance < gas * estimate.maxFeePerGas) {
      if (!existing?.topup) {
        const topupTx = await this.topUp(req, from, this.deps.gasTopup ?? gas * estimate.maxFeePerGas - gasBalance, estimate);
        const topup = await this.waitForTopup(this.record(key), topupTx);
        if (topup !== 'mined') return answer(topup === 'reverted' ? 'rejected' : 'sent', topup === 'reverted' ? 'gas top-up reverted' : null);
      }
      // whatever the address holds now pays for the gas: fees capped to it
      const available = await chain.nativeBalance(from);
      const maxFeePerGas = available / gas;
      if (maxFeePerGas === 0n) return answer('sent', 'waiting for gas on the deposit address');
      fees = { maxFeePerGas, maxPriorityFeePerGas: minOf(estimate.maxPriorityFeePerGas, maxFeePerGas) };
    }
    await this.signTransfer(req, account, call, gas, fees, tokens);
    return this.transferStatus(this.record(key));
  }

  private record(key: string): SweepRecord {
    const record = this.deps.ledger.sweeps.get(key);
    if (!record) throw new Error(`sweep ${key} is not in the ledger`);
    return record;
  }

  private async signTransfer(
    req: SignerSweepRequest,
    account: LocalAccount,
    call: { to: `0x${string}`; value: bigint; data?: `0x${string}` },
    gas: bigint,
    fees: Fees,
    value: bigint,
  ): Promise<void> {
    const { chain, ledger, now } = this.deps;
    const nonce = await chain.nextNonce(account.address, ledger.highestJournaledNonce(account.address));
    const tx = await chain.sign(account, call, nonce, gas, fees, now());
    ledger.record({
      type: 'sweep-signed',
      key: req.idempotencyKey,
      derivationIndex: req.derivationIndex,
      asset: req.asset,
      step: 'transfer',
      value: value.toString(),
      tx,
    });
    this.deps.log.info(
      { idempotencyKey: req.idempotencyKey, txHash: tx.hash, derivationIndex: req.derivationIndex, asset: assetId(req.asset), value: value.toString() },
      'sweep signed',
    );
    await this.broadcast(req.idempotencyKey, tx);
  }

  /** Gas for the deposit address from the hot wallet: holds the hot wallet's lock for this one signing only. */
  private topUp(req: SignerSweepRequest, to: `0x${string}`, value: bigint, fees: Fees): Promise<SignedTx> {
    const { chain, ledger, hot, hotLock, now } = this.deps;
    return hotLock.run(async () => {
      const nonce = await chain.nextNonce(hot.address, ledger.highestJournaledNonce(hot.address));
      const tx = await chain.sign(hot, { to, value }, nonce, NATIVE_TRANSFER_GAS, fees, now());
      ledger.record({
        type: 'sweep-signed',
        key: req.idempotencyKey,
        derivationIndex: req.derivationIndex,
        asset: req.asset,
        step: 'topup',
        value: value.toString(),
        tx,
      });
      this.deps.log.info({ idempotencyKey: req.idempotencyKey, txHash: tx.hash, value: value.toString() }, 'sweep gas top-up signed');
      await this.broadcast(req.idempotencyKey, tx);
      return tx;
    });
  }

  private async waitForTopup(record: SweepRecord, tx: SignedTx): Promise<'mined' | 'reverted' | 'pending'> {
    const deadline = Date.now() + this.deps.topupWaitMs;
    await this.ensureBroadcast(record.key, tx);
    for (;;) {
      const receipt = await this.deps.chain.receipt(tx.hash);
      if (receipt) return receipt.status === 'success' ? 'mined' : 'reverted';
      if (Date.now() >= deadline) return 'pending';
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async transferStatus(record: SweepRecord): Promise<SignerSweepStatus> {
    const transfer = record.transfer;
    if (!transfer) throw new Error(`sweep ${record.key} has no transfer`);
    const base = { idempotencyKey: record.key, txHashes: hashes(record) };
    const receipt = await this.deps.chain.receipt(transfer.hash);
    if (receipt) return { ...base, status: receipt.status === 'success' ? 'mined' : 'rejected', reason: receipt.status === 'success' ? null : 'reverted' };
    await this.ensureBroadcast(record.key, transfer);
    return { ...base, status: 'sent', reason: null };
  }

  /** Broadcasts the journaled transaction again when the node has neither its receipt nor the transaction. */
  private async ensureBroadcast(key: string, tx: SignedTx): Promise<void> {
    const { chain } = this.deps;
    if (await chain.receipt(tx.hash)) return;
    if (!(await chain.knows(tx.hash))) await this.broadcast(key, tx);
  }

  private async broadcast(key: string, tx: SignedTx): Promise<void> {
    try {
      await this.deps.chain.broadcast(tx.raw);
    } catch (err) {
      this.deps.log.warn({ idempotencyKey: key, txHash: tx.hash, err: shortMessage(err) }, 'sweep broadcast failed (will retry)');
    }
  }
}

function hashes(record: SweepRecord | undefined): `0x${string}`[] {
  if (!record) return [];
  return [record.topup?.hash, record.transfer?.hash].filter((h): h is `0x${string}` => h !== undefined);
}
