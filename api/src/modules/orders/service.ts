// The order service facade: creation (creation.ts), the customer's §7 calls (customerActions.ts), deposits, card
// payments (cardPayments.ts) and the job steps (jobSteps.ts) that move orders along the lifecycle of lifecycle.ts, paying out and
// refunding through one settle path (settlement.ts). Every committed change is published on the bus
// (presentation.ts). Public statistics live in the stats module.
import type { CardPayment } from '../../adapters/provider/types';
import { createOrderContext, type OrderServiceDeps } from './context';
import { createOrderCreation } from './creation';
import { createCustomerActions } from './customerActions';
import { createJobSteps } from './jobSteps';
import { createOrderPresentation } from './presentation';
import { createOrderPricing } from './pricing';
import { createSandboxQuoteShift } from './sandboxQuote';
import { createSettlement } from './settlement';

export type { OrderServiceDeps, ReferrerDirectory } from './context';

export function createOrderService(deps: OrderServiceDeps) {
  const ctx = createOrderContext(deps);
  const presentation = createOrderPresentation(ctx);
  const pricing = createOrderPricing(ctx);
  const { registerDeposit, processDue, cardPaymentSettled, depositSink } = createJobSteps(ctx, presentation, pricing, createSettlement(ctx, presentation));
  return {
    create: createOrderCreation(ctx, presentation),
    registerDeposit,
    processDue,
    /** Issue 28: where a real chain's watcher reports deposits and their confirmations. */
    depositSink,
    /** A card payment settled (the provider's notice): its order moves on at once. */
    cardPaymentSettled: (orderId: string, payment: CardPayment) => cardPaymentSettled(orderId, payment, 'wait'),
    /** SANDBOX ONLY (issue 29): the market moves against an order awaiting its deposit (sandboxQuote.ts). */
    sandboxShiftQuote: createSandboxQuoteShift(ctx, presentation),
    toOrder: presentation.toOrder,
    ordersById: presentation.ordersById,
    ...createCustomerActions(ctx, presentation, pricing),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
