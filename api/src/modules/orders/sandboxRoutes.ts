// SANDBOX ONLY: registered only when SANDBOX_MODE is on; absent (404) otherwise. Not part of the public
// contract (no route-table entry, not in the OpenAPI document). `pnpm sandbox deposit` calls it. Answers
// only local callers or the operator token (access 'sandbox', http/sandboxGuard.ts).
import type { FastifyInstance } from 'fastify';
import { MoneySchema, OrderSchema, TIMEOUTS_MS, type RouteDef } from 'shared-contracts/server';
import { z } from 'zod';
import { sandboxDepositTxHash } from '../../adapters/custody/sandbox';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { OrderService } from './service';

const SANDBOX_DEPOSIT_PATH = '/api/v1/sandbox/orders/:orderId/deposit';
const SANDBOX_QUOTE_SHIFT_PATH = '/api/v1/sandbox/orders/:orderId/quote-shift';

const sandboxDeposit = {
  method: 'POST',
  path: SANDBOX_DEPOSIT_PATH,
  tag: 'sandbox',
  summary: 'Sandbox: record a deposit to an order on the simulated chain',
  auth: 'none',
  timeoutMs: TIMEOUTS_MS.default,
  params: z.object({ orderId: z.string().min(1).max(64) }),
  body: z.object({ amount: MoneySchema, txHash: z.string().min(1).max(128).optional() }),
  response: OrderSchema,
} satisfies RouteDef;

/** Issue 29: the market moves `by` (a fraction) against an order awaiting its deposit (sandboxQuote.ts): its quote is raised. */
const sandboxQuoteShift = {
  method: 'POST',
  path: SANDBOX_QUOTE_SHIFT_PATH,
  tag: 'sandbox',
  summary: 'Sandbox: the market moves against an order awaiting its deposit (its quote is raised by a fraction)',
  auth: 'none',
  timeoutMs: TIMEOUTS_MS.default,
  params: z.object({ orderId: z.string().min(1).max(64) }),
  body: z.object({ by: MoneySchema }),
  response: OrderSchema,
} satisfies RouteDef;

export function registerSandboxOrderRoutes(app: FastifyInstance, orders: OrderService, opts: RegisterOptions, afterChange: () => void): void {
  registerRoute(
    app,
    sandboxDeposit,
    async ({ params, body }) => {
      const result = await orders.registerDeposit(params.orderId, body.amount, body.txHash ?? sandboxDepositTxHash);
      afterChange();
      return result;
    },
    { ...opts, access: 'sandbox' },
  );
  registerRoute(app, sandboxQuoteShift, async ({ params, body }) => orders.sandboxShiftQuote(params.orderId, body.by), { ...opts, access: 'sandbox' });
}
