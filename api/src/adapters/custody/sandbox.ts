// SANDBOX custody: a simulated chain. Nothing here moves real funds. Deposit addresses are valid
// addresses of each network derived from the order id (memo networks share one platform address and tell
// customers apart by a numeric memo, like real exchanges); payouts return a made-up transaction hash that is
// a pure function of the idempotency key, so a retried payout is the same payout. Deposits are recorded
// with `pnpm sandbox deposit <orderId> <amount>` or POST /api/v1/sandbox/orders/:orderId/deposit.
import { createHash, randomBytes } from 'node:crypto';
import type { InstrumentRecord } from '../../modules/instruments';
import { encodeAddress } from './addressFormats';
import { PayoutRejected, type CustodyAdapter, type DepositAddress, type PayoutRequest, type PayoutResult } from './types';

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest();

/** A made-up transaction hash in the network's usual shape. */
function sandboxTxHash(instrument: Pick<InstrumentRecord, 'addressValidator'>, key: string): string {
  const hex = hash('tx', key).toString('hex');
  return instrument.addressValidator === 'eth' || instrument.addressValidator === 'etc' ? `0x${hex}` : hex;
}

export function sandboxDepositTxHash(instrument: Pick<InstrumentRecord, 'addressValidator'>): string {
  return sandboxTxHash(instrument, `deposit:${randomBytes(16).toString('hex')}`);
}

export interface SandboxCustodyOptions {
  /** Confirmation pace of the simulated chain (the order job's CONFIRMATION_INTERVAL_MS). */
  confirmationIntervalMs: number;
  /** Separates the derived addresses of different deployments. */
  secret?: string;
  /** Fraction (0–1) of account withdrawal payouts that fail (SANDBOX_WITHDRAWAL_FAILURE_RATE); order payouts never do. */
  withdrawalFailureRate?: number;
}

/** Account withdrawals are paid out under keys `withdrawal:<id>` (modules/affiliates). */
const WITHDRAWAL_PAYOUT_PREFIX = 'withdrawal:';

/**
 * Whether the sandbox fails this withdrawal payout: a pure function of the key, so a retry of the same payout
 * decides the same, spread uniformly over [0, 1) so a rate of 0.3 fails about 30 % of withdrawals.
 */
export function sandboxWithdrawalFails(idempotencyKey: string, failureRate: number): boolean {
  if (!idempotencyKey.startsWith(WITHDRAWAL_PAYOUT_PREFIX) || failureRate <= 0) return false;
  if (failureRate >= 1) return true;
  return hash('withdrawal-failure', idempotencyKey).readUInt32BE(0) / 2 ** 32 < failureRate;
}

export function createSandboxCustody({ confirmationIntervalMs, secret = 'sandbox', withdrawalFailureRate = 0 }: SandboxCustodyOptions): CustodyAdapter & {
  payouts: ReadonlyMap<string, PayoutRequest & PayoutResult>;
} {
  const payouts = new Map<string, PayoutRequest & PayoutResult>();
  return {
    name: 'sandbox',
    isSandbox: true,
    isReal: () => false,
    payouts,
    async depositAddress(orderId: string, instrument: InstrumentRecord): Promise<DepositAddress> {
      if (!instrument.addressValidator) throw new Error(`${instrument.slug} has no on-chain deposit address`);
      const shared = instrument.public.requiresMemo;
      const seed = hash(secret, 'address', instrument.slug, shared ? 'platform' : orderId);
      const address = encodeAddress(instrument.addressValidator, seed);
      if (!address) throw new Error(`sandbox custody cannot make ${instrument.addressValidator} addresses`);
      // Numeric memo (XRP destination tags are 32-bit integers; XLM and TON accept it as text).
      const memo = shared ? String(1_000_000 + (hash(secret, 'memo', orderId).readUInt32BE(0) % 3_000_000_000)) : null;
      return { address, memo };
    },
    async payout(request: PayoutRequest): Promise<PayoutResult> {
      const done = payouts.get(request.idempotencyKey);
      if (done) return { txHash: done.txHash, final: true };
      if (sandboxWithdrawalFails(request.idempotencyKey, withdrawalFailureRate)) {
        throw new PayoutRejected('The sandbox network rejected the transaction (SANDBOX_WITHDRAWAL_FAILURE_RATE)');
      }
      const txHash = sandboxTxHash(request.instrument, `payout:${request.idempotencyKey}`);
      payouts.set(request.idempotencyKey, { ...request, txHash, final: true });
      return { txHash, final: true };
    },
    secondsPerConfirmation: () => confirmationIntervalMs / 1000,
  };
}
