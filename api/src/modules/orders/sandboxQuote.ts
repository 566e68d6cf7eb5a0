// SANDBOX ONLY (sandboxRoutes.ts, issue 29): the market moves against an order that waits for its deposit. The sandbox
// walk is a pure function of time, so a journey cannot wait for a move of a given size; this raises the order's quote
// instead (its price and the amounts it promises, by `by`), and the market then pays about that much less than quoted:
// a floating order's maximum slippage can be passed on purpose (e2e slippage.spec.ts).
import type { Order } from 'shared-contracts/server';
import { D, money, rate } from '../../lib/decimal';
import { invalid, notFoundE, wrongState, type OrderContext } from './context';
import type { OrderPresentation } from './presentation';

export function createSandboxQuoteShift(ctx: OrderContext, { published }: OrderPresentation) {
  return async function shiftQuote(orderId: string, byText: string): Promise<Order> {
    const by = new D(byText);
    if (!by.isFinite() || by.lte(0) || by.gte(0.5)) throw invalid('by', 'must be a fraction above 0 and below 0.5');
    const existing = await ctx.repo.byId(orderId);
    if (!existing) throw notFoundE();
    const to = ctx.instrument(existing.toSlug);
    const raised = (v: string) => money(new D(v).times(by.plus(1)), to.precisionDecimals, D.ROUND_DOWN);
    const t = ctx.now();
    const row = await ctx.repo.advance({
      orderId,
      from: 'AWAITING_DEPOSIT',
      lock: 'wait',
      now: t,
      decide: (r) => ({
        to: 'AWAITING_DEPOSIT',
        patch: {
          price: rate(new D(r.price).times(by.plus(1))),
          amountToGet: raised(r.amountToGet),
          claimedAmountToReceive: r.claimedAmountToReceive === null ? null : raised(r.claimedAmountToReceive),
        },
      }),
    });
    if (!row) throw wrongState(existing, 'have its quote moved (it has a deposit already)');
    return published(row);
  };
}
