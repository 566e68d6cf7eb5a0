// The accounts module (issue 26: auth and users, which imported each other both ways, are one module): sign-up,
// sessions, tokens, two-factor, guards and the account's routes. One object made by startApi, installed into the app
// by buildApp. This file is the module's only face: what other modules may use is exported below, the rest is private.
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { ModuleConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { createMailer, type Mailer } from '../../adapters/mail';
import type { RegisterOptions } from '../../http/registerRoute';
import { createOutbox, type Outbox, type OutboxPolicy, type OutboxWorker } from '../../outbox';
import { createOrderHistory, type OrdersById } from './orderHistory';
import { queryOf } from '../../db/query';
import { createEmailConfirmationRepo, createResetCodeRepo, createUserRepo } from './repo';
import { registerSandboxMailRoute, registerUserRoutes } from './routes';
import { createUsersService, type UsersService } from './service';
import { createAuthenticator, installAuthentication, type Authenticator } from './authenticate';
import { installCsrfGuard } from './csrf';
import { createArgon2Hasher, type PasswordHasher } from './passwords';
import { createAttemptLimiter, createLimitStore, type AttemptLimiter, type LimitStore, type Sleep } from '../../limits';
import { createSecretBox } from '../../lib/secretBox';
import { resolveAuthSecret, resolveDataEncryptionKey } from './secret';
import { createSessionStore } from './sessions';
import { createTokenService } from './tokens';
import { createTwoFactor } from './twoFactor';

export { unauthorized, type Authenticator, type AuthUser } from './authenticate';
export { installCookiePolicy, VISITOR_COOKIE } from './cookies';
export { requireConfirmedEmail, requireStepUp } from './guards';
export type { OrdersById } from './orderHistory';
export { createArgon2Hasher, passwordProblem, type PasswordHasher } from './passwords';
export { createUserRepo, normalizeEmail } from './repo';
export { resolveDataEncryptionKey } from './secret';
export { createSessionStore } from './sessions';

export interface AccountsOptions {
  /** Clock in ms (tests move it to expire tokens and codes). */
  now?: () => number;
  hasher?: PasswordHasher;
  mailer?: Mailer;
  /** Prefix of the limit store's keys in Redis (tests isolate their runs; startApi's store takes it). */
  rateLimitPrefix?: string;
  /** The process's limit store (startApi's, over its Redis command client); default: counts in this process's memory. */
  limits?: LimitStore;
  /** The wait of an account past its attempt ceiling (tests record it instead of waiting). */
  sleep?: Sleep;
  warn?: (msg: string) => void;
  /** Outbox retry policy (tests: short leases and backoff). */
  outboxPolicy?: Partial<OutboxPolicy>;
}

export interface Accounts {
  service: UsersService;
  authenticator: Authenticator;
  mailer: Mailer;
  /** Mails (issue 14): queued in the transaction of their cause, delivered by the worker (started here). */
  outbox: Outbox;
  outboxWorker: OutboxWorker;
  limiter: AttemptLimiter;
  close(): Promise<void>;
}

export async function createAccounts(config: ModuleConfig<'accounts'>, db: DbHandle, opts: AccountsOptions = {}): Promise<Accounts> {
  const now = opts.now ?? Date.now;
  const q = queryOf(db);
  const quiet = config.logLevel === 'silent';
  const warn = opts.warn ?? ((m: string) => (quiet ? undefined : console.warn(m)));
  const secret = await resolveAuthSecret(config, db, warn);
  const tokens = createTokenService(secret, config.auth.accessTokenTtlSeconds);
  const users = createUserRepo(q);
  const mailer = opts.mailer ?? createMailer(config, db);
  const { outbox, worker: outboxWorker } = createOutbox(db, {
    mailer,
    mailFrom: config.auth.mailFrom,
    policy: opts.outboxPolicy,
    log: { warn: (o, m) => warn(`${m} ${JSON.stringify(o)}`) },
  });
  await outboxWorker.start();
  const limiter = createAttemptLimiter(opts.limits ?? createLimitStore({ keyPrefix: opts.rateLimitPrefix }), config.auth.rateLimits, { sleep: opts.sleep });
  const service = createUsersService({
    config,
    users,
    codes: createResetCodeRepo(q),
    confirmations: createEmailConfirmationRepo(q),
    sessions: createSessionStore(q, config.auth.refreshTokenTtlSeconds),
    tokens,
    hasher: opts.hasher ?? createArgon2Hasher(config.auth.argon2),
    limiter,
    outbox,
    // Issue 24: TOTP secrets sealed with the data encryption key; recovery codes hashed under the auth secret.
    twoFactor: createTwoFactor({
      q,
      box: createSecretBox(await resolveDataEncryptionKey(config, db, warn)),
      hash: (c) => tokens.codeHash(`2fa-recovery:${c}`),
    }),
    now,
    log: { warn: (o, m) => warn(`${m} ${JSON.stringify(o)}`), error: (o, m) => console.error(m, o) },
  });
  return {
    service,
    authenticator: createAuthenticator(tokens, users, now),
    mailer,
    outbox,
    outboxWorker,
    limiter,
    close: async () => {
      await outboxWorker.stop();
      await mailer.close();
    },
  };
}

/** Cookies, the CSRF guard and the route-table authentication hook: installed before any route. */
export async function installAuth(app: FastifyInstance, config: ModuleConfig<'accounts'>, accounts: Accounts): Promise<void> {
  await app.register(fastifyCookie);
  installCsrfGuard(app, config.auth.publicOrigins);
  installAuthentication(app, accounts.authenticator);
}

export function registerAccountRoutes(
  app: FastifyInstance,
  config: ModuleConfig<'accounts'>,
  db: DbHandle,
  accounts: Accounts,
  ordersById: OrdersById | undefined,
  opts: RegisterOptions,
): void {
  registerUserRoutes(app, { service: accounts.service, orderHistory: ordersById && createOrderHistory(queryOf(db), ordersById) }, opts);
  if (config.sandboxMode && accounts.mailer.sandbox) registerSandboxMailRoute(app, db);
}
