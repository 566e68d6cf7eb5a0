// §7 calls a customer makes on an existing order. Those that change it name the order by id and
// destination address: the pair is the credential.
import { ApiError, type Order, type RefundInfo } from 'shared-contracts/server';
import type { OrderRow } from '../../db/schema';
import { D } from '../../lib/decimal';
import { blacklisted, invalid, notFoundE, wrongState, type OrderContext } from './context';
import { checkRefundAddress } from './creation';
import { NEXT_STEPS, REASONS, type OrderStatus } from './lifecycle';
import type { OrderPresentation } from './presentation';
import type { OrderPricing } from './pricing';

export interface RefundRequest {
  orderId: string;
  destinationAddress: string;
  refundAddress: string;
  /** Only for an order on hold without a refund address, where the send network takes a memo. */
  refundAddressMemo?: string;
  refundAmount: string;
  claimedNetworkFee: string;
}

/** Held once (ON_HOLD, or refunded since): such an order can be refunded whatever its rate mode. */
const wasHeld = (row: OrderRow) => row.holdReason !== null;

export function createCustomerActions(ctx: OrderContext, { load, published }: OrderPresentation, { refundInfoOf }: OrderPricing) {
  const { repo, now } = ctx;

  async function byIdAndDestination(orderId: string, destinationAddress: string): Promise<OrderRow> {
    const row = await repo.byId(orderId);
    // The same answer whether the id is unknown or the address wrong: the pair is the credential.
    if (!row || row.destinationAddress !== destinationAddress.trim()) throw notFoundE();
    return row;
  }

  /**
   * Where a refund goes: the order's refund address when it has one (fixed rate, §5), else the address the
   * customer gives now (a held floating order), checked with the §5 refund-address rules for the send side.
   */
  function refundTarget(row: OrderRow, input: RefundRequest): { address: string; memo: string | null } {
    const address = input.refundAddress.trim();
    if (row.refundAddress) {
      if (row.refundAddress !== address) throw invalid('refundAddress', 'is not the refund address of this order');
      return { address: row.refundAddress, memo: row.refundAddressMemo };
    }
    if (ctx.isBlacklisted(address)) throw blacklisted();
    const memo = input.refundAddressMemo?.trim() || null;
    checkRefundAddress(ctx, ctx.instrument(row.fromSlug), address, memo, row.destinationAddress);
    return { address, memo };
  }

  return {
    async publicInfo(orderId: string, destinationAddress: string): Promise<Order> {
      return load(await byIdAndDestination(orderId, destinationAddress));
    },

    async refundInfo(orderId: string): Promise<RefundInfo> {
      const row = await repo.byId(orderId);
      if (!row) throw notFoundE();
      if (row.rateMode !== 'FIXED' && !wasHeld(row)) {
        throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', `Order ${orderId} is neither a fixed-rate order nor on hold: it has no refund option`);
      }
      return refundInfoOf(row);
    },

    async setEmail(orderId: string, email: string): Promise<void> {
      const row = await repo.byId(orderId);
      if (!row) throw notFoundE();
      // §8 set-email failure → the client shows error_email_already_set.
      if (!(await repo.setEmailOnce(orderId, email, now()))) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Email is already set for this order');
    },

    /** A fixed-rate problem (AWAITING_DECISION) or a held deposit (ON_HOLD) back to the customer. */
    async requestRefund(input: RefundRequest): Promise<Order> {
      const existing = await byIdAndDestination(input.orderId, input.destinationAddress);
      const t = now();
      const from: OrderStatus = existing.status === 'ON_HOLD' ? 'ON_HOLD' : 'AWAITING_DECISION';
      const row = await repo.advance({
        orderId: input.orderId,
        from,
        lock: 'wait',
        now: t,
        decide: (r) => {
          const target = refundTarget(r, input);
          const info = refundInfoOf(r);
          if (!new D(input.refundAmount).eq(info.refundAmountWithoutNetworkFee) || !new D(input.claimedNetworkFee).eq(info.networkFee)) {
            throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Refund amount or network fee differ from the refund info; reload it', { details: { ...info } });
          }
          return {
            to: 'REFUND_REQUESTED',
            patch: {
              refundAmount: info.refundAmountWithoutNetworkFee,
              refundNetworkFee: info.networkFee,
              refundAddress: target.address,
              refundAddressMemo: target.memo,
            },
            events: [{ kind: 'REFUND_REQUESTED', reason: REASONS.refundRequested, nextStep: NEXT_STEPS.refundPayout }],
          };
        },
      });
      if (!row) throw wrongState(existing, 'be refunded');
      return published(row);
    },

    async acceptRateModeChange(orderId: string, destinationAddress: string): Promise<Order> {
      const existing = await byIdAndDestination(orderId, destinationAddress);
      const row = await repo.advance({
        orderId,
        from: 'AWAITING_DECISION',
        lock: 'wait',
        now: now(),
        decide: () => ({
          to: 'EXCHANGING',
          patch: { rateMode: 'FLOATING' },
          events: [{ kind: 'RATE_MODE_CHANGE_ACCEPTED', reason: REASONS.rateAccepted, nextStep: NEXT_STEPS.exchangeAtFloatingRate }],
        }),
      });
      if (!row) throw wrongState(existing, 'accept a new rate');
      return published(row);
    },
  };
}
