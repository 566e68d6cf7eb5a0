// Account calls of §7 (route table names accountData, register, login, logout, refresh,
// requestPasswordReset, resetPassword, requestEmailConfirmation, confirmEmail, orderHistory) and the sandbox-only outbox reader.
import type { FastifyInstance } from 'fastify';
import { ApiError, apiRoutes } from 'shared-contracts/server';
import { z } from 'zod';
import type { DbHandle } from '../../db/client';
import { codeIn, readOutbox } from '../../adapters/mail';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { AuthUser } from './authenticate';
import type { OrderHistoryPage } from './orderHistory';
import type { UsersService } from './service';

export interface UserRoutesDeps {
  service: UsersService;
  /** Absent until the orders module supplies its serializer (the route is then not registered). */
  orderHistory?: (userId: number, page: number, perPage: number) => Promise<OrderHistoryPage>;
}

function signedIn(user: AuthUser | null): AuthUser {
  // The authentication hook guarantees a user on 'user' routes; this keeps the types honest.
  if (!user) throw ApiError.of('ERR_UNAUTHORIZED', 'Sign in required');
  return user;
}

export function registerUserRoutes(app: FastifyInstance, deps: UserRoutesDeps, opts: RegisterOptions): void {
  const { service } = deps;
  registerRoute(app, apiRoutes.register, ({ request, reply, body }) => service.register({ request, reply }, body), opts);
  registerRoute(app, apiRoutes.login, ({ request, reply, body }) => service.login({ request, reply }, body), opts);
  registerRoute(app, apiRoutes.refresh, ({ request, reply, body }) => service.refresh({ request, reply }, body), opts);
  registerRoute(app, apiRoutes.logout, ({ request, reply }) => service.logout({ request, reply }), opts);
  registerRoute(app, apiRoutes.requestPasswordReset, ({ request, reply, body }) => service.requestPasswordReset({ request, reply }, body), opts);
  registerRoute(app, apiRoutes.resetPassword, ({ request, reply, body }) => service.resetPassword({ request, reply }, body), opts);
  registerRoute(app, apiRoutes.requestEmailConfirmation, ({ request, reply, body }) => service.requestEmailConfirmation({ request, reply }, body), opts);
  registerRoute(app, apiRoutes.confirmEmail, ({ request, reply, body }) => service.confirmEmail({ request, reply }, body), opts);
  // Issue 24: step-up and two-factor authentication ('user' routes; each password or code guess also counts as a sign-in
  // attempt of the account, limits/attempts.ts; the log never carries a password, secret or code).
  registerRoute(app, apiRoutes.stepUp, ({ request, reply, body }) => service.stepUp({ request, reply }, signedIn(request.user), body), opts);
  registerRoute(app, apiRoutes.twoFactorSetup, ({ request }) => service.twoFactorSetup(signedIn(request.user)), opts);
  registerRoute(app, apiRoutes.twoFactorEnable, ({ request, reply, body }) => service.twoFactorEnable({ request, reply }, signedIn(request.user), body), opts);
  registerRoute(
    app,
    apiRoutes.twoFactorDisable,
    ({ request, reply, body }) => service.twoFactorDisable({ request, reply }, signedIn(request.user), body),
    opts,
  );
  registerRoute(
    app,
    apiRoutes.accountData,
    ({ request }) => {
      const u = signedIn(request.user);
      return {
        email: u.email,
        permissions: u.permissions,
        adminPermissionsScope: u.adminPermissionsScope,
        userId: u.userId,
        emailConfirmed: u.emailConfirmedAt !== null,
        twoFactorEnabled: u.twoFactorEnabled,
      };
    },
    opts,
  );
  const { orderHistory } = deps;
  if (orderHistory) {
    registerRoute(app, apiRoutes.orderHistory, ({ request, query }) => orderHistory(signedIn(request.user).userId, query.page, query.perPage), opts);
  }
}

const SandboxMailQuery = z.object({ to: z.string().min(3).max(254), limit: z.coerce.number().int().min(1).max(50).default(10) });

/**
 * SANDBOX ONLY (never registered with SMTP or outside sandbox mode): the latest outbox messages of an
 * address, so browser tests and developers can read reset and email confirmation codes. Answers only local
 * callers or the operator token (access 'sandbox', http/sandboxGuard.ts).
 */
export function registerSandboxMailRoute(app: FastifyInstance, db: DbHandle): void {
  app.get('/api/v1/sandbox/mail', { config: { access: 'sandbox' } }, async (request, reply) => {
    const parsed = SandboxMailQuery.safeParse(request.query);
    if (!parsed.success) throw ApiError.of('ERR_VALIDATION', 'Query needs to=<email>', { fields: { to: 'required' } });
    const messages = await readOutbox(db, { to: parsed.data.to, limit: parsed.data.limit });
    reply.header('cache-control', 'no-store');
    return { sandbox: true, messages: messages.map((m) => ({ ...m, code: codeIn(m.text) })) };
  });
}
