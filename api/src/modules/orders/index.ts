// The orders module wired into the app: service, §7 routes, the sandbox deposit endpoint (SANDBOX_MODE
// only), the card providers' payment notices, and the order job, started when the app is ready and stopped when it closes.
import type { FastifyInstance } from 'fastify';
import type { ExchangeRequest, PairData } from 'shared-contracts/server';
import { createSandboxCustody } from '../../adapters/custody/sandbox';
import type { CustodyAdapter } from '../../adapters/custody/types';
import type { ProviderAdapter } from '../../adapters/provider/types';
import type { MessageBus } from '../../bus/types';
import type { ModuleConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import { createOrderJob, type OrderJob } from '../../jobs/orderJob';
import type { PriceBoard } from '../../realtime/types';
import type { EstimateFor } from '../estimates';
import { createAddressValidator, type InstrumentRepo } from '../instruments';
import type { Outbox } from '../../outbox';
import { createOrderMails } from './notifications';
import { createOrderRepo } from './repo';
import { registerOrderRoutes } from './routes';
import { registerSandboxOrderRoutes } from './sandboxRoutes';
import { createOrderService, type OrderService, type ReferrerDirectory } from './service';

export { instrumentBySlug, resolveInstrument } from './context';
export { ORDER_STATUSES } from './lifecycle';
export { refOf } from './presentation';
export type { OrderService, ReferrerDirectory } from './service';

export interface OrdersModuleDeps {
  db: DbHandle;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  quote: (request: ExchangeRequest) => PairData;
  bus?: MessageBus;
  /** Default: the sandbox custody (the only implementation so far). */
  custody?: CustodyAdapter;
  /** Default: no referrer is known, so any referrerId is refused (§8). */
  referrers?: ReferrerDirectory;
  /** Card providers (modules/provider): card purchases pay through them; none → card orders are refused. */
  providers?: ReadonlyMap<string, ProviderAdapter>;
  /** Issue 23: the order's mails (link, completion, refund, a problem needing the customer) go through it; none → no mails. */
  outbox?: Outbox;
  /** The site's origin, for order links in the mails (PUBLIC_ORIGIN's first); default: the development one. */
  siteOrigin?: string;
  /** Issue 29: the send network's time estimate shown with the order (modules/estimates); none → not shown. */
  estimateFor?: EstimateFor;
}

/** Order links point here when PUBLIC_ORIGIN is not set (development), as the support module's do. */
const DEV_SITE_ORIGIN = 'http://localhost:8080';

export interface OrdersModule {
  service: OrderService;
  job: OrderJob;
}

export function registerOrdersModule(app: FastifyInstance, config: ModuleConfig<'orders'>, deps: OrdersModuleDeps, opts: RegisterOptions): OrdersModule {
  const custody = deps.custody ?? createSandboxCustody({ confirmationIntervalMs: config.confirmationIntervalMs });
  const service = createOrderService({
    // Issue 14: every committed transition is counted and logged with the creating request's id (reqId).
    repo: createOrderRepo(deps.db.db, {
      onTransition: ({ orderId, from, to, requestId }) => {
        app.metrics?.orderTransitions.inc({ from, to });
        app.log.info({ reqId: requestId ?? undefined, orderId, from, to }, 'order transition');
      },
      ...(deps.outbox
        ? createOrderMails({
            outbox: deps.outbox,
            siteOrigin: deps.siteOrigin ?? DEV_SITE_ORIGIN,
            currencyOf: (slug) => deps.instruments.bySlug(slug)?.currencyTitle ?? slug,
          })
        : {}),
    }),
    instruments: deps.instruments,
    priceBoard: deps.priceBoard,
    quote: deps.quote,
    validateAddress: createAddressValidator(deps.instruments),
    custody,
    bus: deps.bus,
    referrers: deps.referrers,
    providers: deps.providers,
    estimateFor: deps.estimateFor,
    config,
    log: app.log,
  });
  const job = createOrderJob({
    processDue: service.processDue,
    intervalMs: Math.min(config.confirmationIntervalMs, 1000),
    log: app.log,
    onLag: (seconds) => app.metrics?.jobLag.observe({ job: 'orders' }, seconds),
  });
  const kick = () => job.kick();
  // A settled card payment moves its order at once; the job then pays out (§4 card flow).
  for (const provider of deps.providers?.values() ?? []) {
    provider.onPaymentSettled(async (orderId, payment) => {
      try {
        if (await service.cardPaymentSettled(orderId, payment)) kick();
      } catch (err) {
        // The order job's poll of the payment takes it from here.
        app.log.error({ err, orderId, provider: provider.name }, 'card payment notice not applied');
      }
    });
  }
  registerOrderRoutes(app, service, opts, kick);
  if (config.sandboxMode) registerSandboxOrderRoutes(app, service, opts, kick);
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
  return { service, job };
}
