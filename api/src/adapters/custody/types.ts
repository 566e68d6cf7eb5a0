// Custody adapter (DESIGN.md "adapters"): where a customer pays in and how the platform pays out.
// Deposit detection is pushed into the order service (OrderService.registerDeposit) by whatever watches
// the chain: the sandbox CLI / endpoint here, a node or custodian webhook in a real implementation.
import type { InstrumentRecord } from '../../modules/instruments';

export interface DepositAddress {
  address: string;
  /** Destination tag / memo on networks that share one address between customers (XRP, XLM, TON). */
  memo: string | null;
}

export interface PayoutRequest {
  /** The same key always means the same transfer: a retried payout must not send twice. */
  idempotencyKey: string;
  instrument: InstrumentRecord;
  address: string;
  memo: string | null;
  /** Amount in units of `instrument`, as a decimal string. */
  amount: string;
}

export interface PayoutResult {
  txHash: string;
}

export interface CustodyAdapter {
  readonly name: string;
  readonly isSandbox: boolean;
  /** A deposit address (and memo where the network uses one) for this order. Deterministic per order. */
  depositAddress(orderId: string, instrument: InstrumentRecord): Promise<DepositAddress>;
  /** Sends funds; idempotent by `idempotencyKey`. */
  payout(request: PayoutRequest): Promise<PayoutResult>;
  /** Roughly how long one confirmation takes on this network (for the order page's time estimate). */
  secondsPerConfirmation(instrument: InstrumentRecord): number;
}

/**
 * A payout the custodian definitively refused (bad destination, compliance, a failed chain transaction): nothing
 * was or will be sent for this idempotency key, so the caller may release the funds. Any other error is transient
 * (the payout may or may not have gone out) and the caller retries with the same key.
 */
export class PayoutRejected extends Error {
  constructor(readonly reason: string) {
    super(`payout rejected: ${reason}`);
    this.name = 'PayoutRejected';
  }
}
