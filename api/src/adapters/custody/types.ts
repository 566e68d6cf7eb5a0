// Custody adapter (DESIGN.md "adapters"): where a customer pays in and how the platform pays out.
// Deposit detection is pushed into the order service by whatever watches the chain: the sandbox CLI / endpoint
// (OrderService.registerDeposit, confirmations then added by the order job), or a real adapter's chain watcher
// through a DepositSink (issue 28: the EVM adapter follows blocks and reports each deposit's confirmations).
import type { InstrumentRecord } from '../../modules/instruments';

export interface DepositAddress {
  address: string;
  /** Destination tag / memo on networks that share one address between customers (XRP, XLM, TON). */
  memo: string | null;
  /** Issue 28: the BIP-32 index the address was derived at (stored with the order, never reused); absent in the sandbox. */
  derivationIndex?: number;
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
  /** The transaction carrying the payout (on a real chain it can change while pending: a fee-bumped replacement). */
  txHash: string;
  /**
   * Past the network's confirmation depth: the order may complete. False while the transaction waits for a block or
   * its confirmations; the caller asks again later with the same idempotency key. The sandbox's payouts are final at once.
   */
  final: boolean;
}

export interface CustodyAdapter {
  readonly name: string;
  readonly isSandbox: boolean;
  /**
   * Issue 28: whether this adapter moves `instrument` on a real chain. With SANDBOX_MODE=false only these are offered.
   * Also: a real instrument's deposits reach their confirmations through the adapter's watcher (DepositSink), never
   * through the order job's simulated ticks.
   */
  isReal(instrument: InstrumentRecord): boolean;
  /** A deposit address (and memo where the network uses one) for this order. Deterministic per order. */
  depositAddress(orderId: string, instrument: InstrumentRecord): Promise<DepositAddress>;
  /**
   * Sends funds; idempotent by `idempotencyKey` (a second call reports the first one's transaction and whether it is
   * final yet). Throws PayoutRejected (nothing sent, ever, for this key), PayoutHeld (nothing sent yet: waiting for an
   * operator's review) or any other error (transient: retry with the same key).
   */
  payout(request: PayoutRequest): Promise<PayoutResult>;
  /** Roughly how long one confirmation takes on this network (for the order page's time estimate). */
  secondsPerConfirmation(instrument: InstrumentRecord): number;
}

/** What a real adapter's chain watcher tells the orders module (implemented by modules/orders). */
export interface DepositSink {
  /** Orders that wait for or are confirming a deposit in one of these instruments (slugs), with their deposit addresses. */
  watched(slugs: readonly string[]): Promise<Array<{ orderId: string; fromSlug: string; address: string }>>;
  /**
   * A deposit to an order's address as the canonical chain shows it now: `confirmations` counts the deposit's block
   * (1 = just mined) and drops to 0 when a reorganisation removed that block. Reported on every poll while the order
   * is watched; idempotent. `amount` in units of the instrument, as a decimal string (all of the chain's decimals).
   */
  depositObserved(deposit: { orderId: string; txHash: string; amount: string; confirmations: number }): Promise<void>;
}

/** The signer holds a payout for an operator's review (over its per-payout or per-day limit): nothing was sent yet. */
export class PayoutHeld extends Error {
  constructor(readonly reason: string) {
    super(`payout held for review: ${reason}`);
    this.name = 'PayoutHeld';
  }
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
