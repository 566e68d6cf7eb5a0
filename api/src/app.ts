// The Fastify app: routes registered from the shared-contracts route table, one error handler.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ExchangeRequest, Health } from 'shared-contracts/server';
import { configFor, type Config } from './config';
import type { DbHandle } from './db/client';
import { installAccessPolicy } from './http/access';
import { onClientError } from './http/clientErrors';
import { installControlCharGuard } from './http/controlChars';
import { frameworkErrors, installErrorHandling } from './http/errors';
import { lazyChildLogger } from './http/lazyChildLogger';
import { loggerOptions } from 'server-kit/logging';
import { installObservability, requestIdOf } from './observability';
import { installDrain } from './lifecycle/drain';
import { trustProxyOption } from './http/proxyTrust';
import { installRefusedBodyHandling } from './http/refusedBodies';
import { createLimitStore, installRouteRateLimits, type LimitStore } from './limits';
import { installSecurityHeaders } from './http/securityHeaders';
import { installFastLane } from './http/fastLane';
import { type Accounts, installAuth, installCookiePolicy, type OrdersById, registerAccountRoutes } from './modules/accounts';
import type { MessageBus } from './bus/types';
import { registerOrdersModule, type ReferrerDirectory } from './modules/orders';
import { registerHealthRoutes } from './modules/health';
import { type InstrumentRepo, offeredWhere, registerInstrumentRoutes } from './modules/instruments';
import { registerPairRoutes } from './modules/pairs';
import { registerRatesModule } from './modules/rates';
import { registerEstimatesModule } from './modules/estimates';
import { registerStatsModule } from './modules/stats';
import { registerSeoModule } from './modules/seo';
import { registerRedirectsModule } from './modules/redirects';
import { registerContentModule } from './modules/content';
import { registerSupportModule } from './modules/support';
import { registerStatusModule } from './modules/status';
import { registerAnalyticsModule } from './modules/analytics';
import { registerOpenApiModule } from './modules/openapi';
import { registerAffiliatesModule } from './modules/affiliates';
import { registerPartnerModule } from './modules/partner';
import { registerKycModule } from './modules/kyc';
import { registerReceiptsModule } from './modules/receipts';
import { cardProviderFor, registerProviderModule } from './modules/provider';
import { createCustody, type CustodyRuntime } from './adapters/custody';
import { registerChainMetrics } from './observability/chainMetrics';
import type { CustodyAdapter } from './adapters/custody/types';
import type { PriceBoard, QuotePair } from './realtime/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's pair quote (rates/quote.ts), for the WebSocket's live quotes. */
    quotePair: QuotePair;
  }
}

export interface AppDeps {
  db: DbHandle;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  /** Which adapters are the sandbox implementations (§ DESIGN "sandbox adapters", shown in /health). */
  sandbox: Health['sandbox'];
  version: string;
  /** Order events are published here for WebSocket subscribers (BUS_CHANNELS.orderEvent). */
  bus?: MessageBus;
  /** Known referrer ids; default: the affiliates module's (an unknown referrerId is refused with ERR_NOT_FOUND, §8). */
  referrers?: ReferrerDirectory;
  /** Default: from the configuration (adapters/custody: the sandbox, or the real EVM chain beside it), shared by order payouts and withdrawals. */
  custody?: CustodyAdapter;
  /** With `custody`: its real chain's follower (tests); without, the configured custody brings its own. */
  chain?: CustodyRuntime['chain'];
  /** Accounts and authentication (modules/accounts). */
  accounts: Accounts;
  /** Serializer of the account's order history; default: the orders module's. */
  ordersById?: OrdersById;
  /** Where every limit is counted (startApi's, over the process's Redis command client); default: this process's memory. */
  limits?: LimitStore;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

function liquidityProviderCode(marketIsSandbox: boolean): string {
  return marketIsSandbox ? 'SANDBOX_LP' : 'MARKET_LP';
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const logger = loggerOptions(config.logLevel, { format: config.logFormat, stream: deps.logStream });
  const { http } = config;
  const app = Fastify({
    logger,
    // Issue 14: web's x-request-id (when valid) is this request's id in every log line, and goes back in the answer.
    genReqId: requestIdOf,
    // Per-request log lines cost throughput (DESIGN.md budget); errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // A request's child logger is made only if the request logs (http/lazyChildLogger.ts; issue 14 bench).
    childLoggerFactory: lazyChildLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // No connection is held forever by a slow or silent client (issue 7).
    requestTimeout: http.requestTimeoutMs,
    connectionTimeout: http.connectionTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      // Node checks both timeouts on this period (default 30 s), so a short timeout is honoured as set.
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.ceil(http.headersTimeoutMs / 4))),
    },
    clientErrorHandler: onClientError,
    // Graceful shutdown (lifecycle/drain.ts): requests arriving while closing get the catalogue's 503, and idle
    // keep-alive connections are closed when close() starts.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors,
  });
  installDrain(app);
  app.server.maxConnections = http.maxConnections;
  installErrorHandling(app);
  // issue 24: a body left unread by an early answer is drained (bounded) or its connection closed
  installRefusedBodyHandling(app);
  // Before any route: these attach to routes as they are registered.
  installObservability(app, config, { db: deps.db, priceBoard: deps.priceBoard });
  installAccessPolicy(app, { sandboxToken: config.sandboxToken });
  // issue 24: nosniff on every answer, no-store on account and order answers
  installSecurityHeaders(app);
  const limits = deps.limits ?? createLimitStore();
  await installRouteRateLimits(app, { windowMs: http.rateLimitWindowMs, perAddress: http.rateLimits }, limits);
  installControlCharGuard(app);
  installCookiePolicy(app, { alwaysSecure: config.nodeEnv === 'production' });
  // Before any route: cookies, the CSRF guard and the route-table authentication hook.
  const accountsConfig = configFor(config, 'accounts');
  await installAuth(app, accountsConfig, deps.accounts);
  // Last of the hooks (it checks the routes' own hooks as they register): this tick's known answers before Fastify.
  installFastLane(app, { slowMs: config.logSlowRequestMs });

  const opts = { validateResponses: config.validateResponses };

  // Issue 28: custody first — with SANDBOX_MODE off, only the networks it really moves are offered anywhere.
  const instrumentOf = (slug: string) => {
    const found = deps.instruments.bySlug(slug);
    if (!found) throw new Error(`unknown instrument ${slug}`);
    return found;
  };
  const { custody, chain } = deps.custody
    ? { custody: deps.custody, chain: deps.chain ?? null }
    : createCustody(config, { db: deps.db, instrument: instrumentOf, log: app.log });
  const instruments = config.sandboxMode ? deps.instruments : offeredWhere(deps.instruments, (i) => custody.isReal(i));

  // Card providers first: whether card purchases are available decides the instrument list, pair pages, card pairs'
  // quotes and card orders.
  const { providers } = await registerProviderModule(app, configFor(config, 'provider'), { db: deps.db, accounts: deps.accounts }, opts);
  const cardPurchases = providers.size > 0;
  // Issue 29: each network's time estimate, measured in the background; quotes and orders read it from memory.
  const estimates = registerEstimatesModule(app, { db: deps.db, instruments, custody });
  const quote = registerRatesModule(
    app,
    {
      instruments: instruments,
      priceBoard: deps.priceBoard,
      config: configFor(config, 'rates'),
      liquidityProviderPublicCode: liquidityProviderCode(deps.sandbox.market),
      cardProviderOf: (fiat) => cardProviderFor(providers, fiat)?.name ?? null,
      holdRefundHours: config.holdRefundHours,
      estimateFor: estimates.estimateFor,
    },
    opts,
  );
  // The WebSocket's quotes (registered by the realtime part after the app is built) are the same as the rate endpoint's.
  app.decorate('quotePair', async (request: ExchangeRequest) => quote(request));
  registerInstrumentRoutes(app, instruments, opts, { cardPurchases });
  registerPairRoutes(app, instruments, { ...configFor(config, 'pairs'), cardPurchases }, opts);
  const affiliates = registerAffiliatesModule(
    app,
    configFor(config, 'affiliates'),
    { db: deps.db, instruments: instruments, priceBoard: deps.priceBoard, custody },
    opts,
  );
  const siteOrigin = config.auth.publicOrigins[0];
  const orders = registerOrdersModule(
    app,
    configFor(config, 'orders'),
    {
      db: deps.db,
      instruments: instruments,
      priceBoard: deps.priceBoard,
      quote,
      bus: deps.bus,
      custody,
      referrers: deps.referrers ?? affiliates.referrers,
      providers,
      outbox: deps.accounts.outbox,
      siteOrigin,
      estimateFor: estimates.estimateFor,
    },
    opts,
  );
  await registerPartnerModule(
    app,
    configFor(config, 'partner'),
    {
      db: deps.db,
      instruments: instruments,
      quote,
      orders: orders.service,
      referrerIdOf: affiliates.referrerIdOf,
      limits,
      outbox: deps.accounts.outbox,
    },
    opts,
  );
  await registerKycModule(app, configFor(config, 'kyc'), { db: deps.db, limits }, opts);
  // Issue 29: every instrument's names (an order may name one no longer offered)
  await registerReceiptsModule(app, configFor(config, 'receipts'), { db: deps.db, instrument: (slug) => deps.instruments.bySlug(slug), siteOrigin }, opts);
  registerStatsModule(app, { db: deps.db, instruments: instruments, priceBoard: deps.priceBoard, quote }, opts);
  registerRedirectsModule(app, { db: deps.db, siteOrigins: config.auth.publicOrigins }, opts);
  if (chain) {
    const sink = orders.service.depositSink;
    app.addHook('onReady', async () => chain.start(sink));
    app.addHook('onClose', async () => chain.stop());
    if (app.metrics) registerChainMetrics(app.metrics.registry, () => chain.health());
  }
  const healthDeps = {
    db: deps.db,
    priceBoard: deps.priceBoard,
    sandbox: { ...deps.sandbox, custody: custody.isSandbox },
    custody: { adapter: custody.name, chain: chain ? () => chain.health() : null },
    version: deps.version,
    priceStaleAfterMs: config.priceStaleAfterMs,
  };
  registerHealthRoutes(app, healthDeps, opts);
  const content = await registerContentModule(app, configFor(config, 'content'), opts);
  registerSeoModule(app, instruments, opts, content);
  registerSupportModule(app, { db: deps.db, outbox: deps.accounts.outbox, limits, siteOrigin }, opts);
  registerStatusModule(
    app,
    {
      db: deps.db,
      health: healthDeps,
      holdRefundHours: config.holdRefundHours,
      networks: { instruments, custody, chainHealth: chain ? () => chain.health() : null, estimateFor: estimates.estimateFor, siteOrigin },
    },
    opts,
  );
  registerAnalyticsModule(app, configFor(config, 'analytics'), { db: deps.db, authenticator: deps.accounts.authenticator }, opts);
  registerOpenApiModule(app, { publicOrigin: siteOrigin }, opts);
  registerAccountRoutes(app, accountsConfig, deps.db, deps.accounts, deps.ordersById ?? orders.service.ordersById, opts);
  return app;
}
