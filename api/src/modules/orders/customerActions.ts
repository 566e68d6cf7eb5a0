// §7 calls a customer makes on an existing order. Every one names the order by id and destination address (issue 24:
// set-email and refund-info too, else whoever learns an id claims the order's mails): the pair is the credential, and
// a wrong id or a wrong address get the same ERR_NOT_FOUND_E.
import { ApiError, type Order, type RefundInfo } from 'shared-contracts/server';
import type { OrderRow } from '../../db/schema';
import { D } from '../../lib/decimal';
import { blacklisted, invalid, notFoundE, wrongState, type OrderContext } from './context';
import { checkRefundAddress } from './creation';
import { NEXT_STEPS, REASONS, offerExpired, type OrderStatus } from './lifecycle';
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

/**
 * Who has a refund option: a fixed-rate order, a held deposit, and (issue 29) a floating order stopped past its maximum
 * slippage — waiting for the choice, or refunded since (the amount recorded with its request).
 */
const refundable = (row: OrderRow) => row.rateMode === 'FIXED' || wasHeld(row) || row.status === 'AWAITING_DECISION' || row.refundAmount !== null;

/** Issue 23: an acceptance of an offer that is no longer the order's (expired, or renewed since it was shown). */
const staleOffer = (row: OrderRow, why: string) =>
  ApiError.of('ERR_NOT_ACCEPTABLE', `The new-rate offer of order ${row.orderId} ${why}: read the order and accept its fresh offer`, {
    details: { offeredAmountToGet: row.offeredAmountToGet },
  });

export function createCustomerActions(ctx: OrderContext, { load, published }: OrderPresentation, { refundInfoOf, floatingFor }: OrderPricing) {
  const { repo, now } = ctx;
  const offerTtlMs = ctx.deps.config.newRateOfferTtlMs;

  /**
   * Issue 23: an order waiting for the customer's choice whose offer has expired gets a fresh one (the floating rate
   * now: a new amount and a new expiry) when it is read, so what the customer sees is what accepting pays.
   */
  async function withLiveOffer(row: OrderRow): Promise<OrderRow> {
    const t = now();
    if (row.status !== 'AWAITING_DECISION' || !offerExpired(row, t, offerTtlMs)) return row;
    const renewed = await repo.advance({
      orderId: row.orderId,
      from: 'AWAITING_DECISION',
      lock: 'wait',
      now: t,
      decide: (r) => {
        if (!offerExpired(r, t, offerTtlMs)) return null; // renewed by a concurrent read
        const offer = floatingFor(r);
        return { to: 'AWAITING_DECISION', patch: { offeredPrice: offer.price.toFixed(), offeredAmountToGet: offer.amountToGet.toFixed(), offeredAt: t } };
      },
    });
    if (!renewed) return (await repo.byId(row.orderId)) ?? row;
    await published(renewed);
    return renewed;
  }

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
      return load(await withLiveOffer(await byIdAndDestination(orderId, destinationAddress)));
    },

    async refundInfo(orderId: string, destinationAddress: string): Promise<RefundInfo> {
      const row = await byIdAndDestination(orderId, destinationAddress);
      if (!refundable(row)) {
        throw ApiError.of(
          'ERR_UNPROCESSABLE_ENTITY',
          `Order ${orderId} is neither a fixed-rate order nor on hold nor waiting for a choice: it has no refund option`,
        );
      }
      return refundInfoOf(row);
    },

    /** Issue 23: the order's link is mailed (in `locale`, else English) in the transaction that sets the email. */
    async setEmail(orderId: string, destinationAddress: string, email: string, locale?: 'en' | 'ru'): Promise<void> {
      await byIdAndDestination(orderId, destinationAddress);
      // §8 set-email failure → the client shows error_email_already_set.
      if (!(await repo.setEmailOnce(orderId, email, now(), locale))) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Email is already set for this order');
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

    /**
     * Continue at the offered floating rate: pays exactly the offer's amount (issue 23). An offer past its expiry, or
     * other than the one the customer accepted (`offeredAmountToGet`, renewed since it was shown), is refused with
     * ERR_NOT_ACCEPTABLE and the order keeps waiting for the choice.
     */
    async acceptRateModeChange(orderId: string, destinationAddress: string, offeredAmountToGet?: string): Promise<Order> {
      const existing = await byIdAndDestination(orderId, destinationAddress);
      const t = now();
      const row = await repo.advance({
        orderId,
        from: 'AWAITING_DECISION',
        lock: 'wait',
        now: t,
        decide: (r) => {
          if (offerExpired(r, t, offerTtlMs)) throw staleOffer(r, 'has expired');
          if (offeredAmountToGet !== undefined && !new D(offeredAmountToGet).eq(r.offeredAmountToGet ?? '0')) throw staleOffer(r, 'has been renewed');
          return {
            to: 'EXCHANGING',
            // the offer becomes the order's price and amount: the exchange step pays exactly it
            patch: { rateMode: 'FLOATING', price: r.offeredPrice ?? r.price, amountToGet: r.offeredAmountToGet ?? r.amountToGet },
            events: [{ kind: 'RATE_MODE_CHANGE_ACCEPTED', reason: REASONS.rateAccepted, nextStep: NEXT_STEPS.exchangeAtFloatingRate }],
          };
        },
      });
      if (!row) throw wrongState(existing, 'accept a new rate');
      return published(row);
    },
  };
}
