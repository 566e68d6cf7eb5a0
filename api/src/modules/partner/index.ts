// The partner API (issue 11): API keys of the account (§7 generate/list/update/delete/resume), the key-authenticated
// partner routes (x-api-key, HMAC request signatures with a nonce (issue 24), IP allow-list, per-key limits in
// RateLimit-* headers) and signed webhooks of order status changes with retries and a delivery log.
import type { FastifyInstance } from 'fastify';
import type { ExchangeRequest, PairData } from 'shared-contracts/server';
import type { ModuleConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import type { Outbox } from '../../outbox';
import { createSecretBox } from '../../lib/secretBox';
import { resolveDataEncryptionKey } from '../accounts';
import type { InstrumentRepo } from '../instruments';
import { createNonceStore, registerKeysModule } from '../keys';
import { queryOf } from '../../db/query';
import type { OrderService } from '../orders';
import { createWebhooksModule } from '../webhooks';
import { createPartnerAuthenticator } from './auth';
import { createPartnerRateLimiter, type LimitStore } from '../../limits';
import { registerPartnerRoutes } from './routes';

export interface PartnerModuleDeps {
  db: DbHandle;
  instruments: InstrumentRepo;
  quote: (request: ExchangeRequest) => PairData;
  orders: OrderService;
  /** The key owner's referrer id: a partner's orders earn its owner the affiliate commission. */
  referrerIdOf(userId: number): Promise<string>;
  /** Where the per-key limits are counted. */
  limits: LimitStore;
  /** Webhook deliveries are sent through it (issue 14). */
  outbox: Outbox;
}

export async function registerPartnerModule(
  app: FastifyInstance,
  config: ModuleConfig<'partner'>,
  deps: PartnerModuleDeps,
  opts: RegisterOptions,
): Promise<void> {
  const secrets = createSecretBox(await resolveDataEncryptionKey(config, deps.db, (msg) => app.log.warn(msg)));
  const keys = registerKeysModule(app, { db: deps.db, secrets }, opts);
  const webhooks = createWebhooksModule(app, config, { db: deps.db, orders: deps.orders, secrets, outbox: deps.outbox });
  const limiter = createPartnerRateLimiter(deps.limits, { perMinute: config.partner.rateLimitPerMinute });
  const authenticate = createPartnerAuthenticator({ keys: keys.repo, nonces: createNonceStore(queryOf(deps.db)), secrets, limiter });

  // The partner routes in a scope of their own: key authentication before every handler, and JSON bodies kept raw
  // for their signature (Fastify's own parser, so prototype poisoning is refused as everywhere else).
  await app.register(async (scope) => {
    scope.decorateRequest('partnerKey', null);
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    // Issue 29: JSON only, as documented: a text/plain body is a 415 here, not read and refused as an invalid body (400).
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      parseJson(request, body as string, done);
    });
    // On each route rather than on the scope: a scope's hooks would also run for the app's 404 answers.
    scope.addHook('onRoute', (route) => {
      route.onRequest = [authenticate.identifyPartner, ...(route.onRequest ? [route.onRequest].flat() : [])];
      route.preHandler = [authenticate.verifyPartner, ...(route.preHandler ? [route.preHandler].flat() : [])];
    });
    registerPartnerRoutes(
      scope,
      { q: queryOf(deps.db), instruments: deps.instruments, quote: deps.quote, orders: deps.orders, webhooks, referrerIdOf: deps.referrerIdOf },
      opts,
    );
  });
}
