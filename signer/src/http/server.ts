// The signer's HTTP interface: loopback only, every route behind a bearer token (admin routes behind their own), every
// refusal as `{statusCode, code, message}`.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ZodError } from 'zod';
import { ChainUnavailable, shortMessage } from '../chain/chain';
import type { SignerHealth } from '../client';
import { SignerRefusal } from '../errors';
import type { Payouts } from '../payouts/payouts';
import type { Sweeps } from '../sweeps/sweeps';
import { bearerMatches } from './auth';
import { keyParams, payoutRequest, sweepRequest } from './schemas';

export interface SignerRoutesOptions {
  token: string;
  /** Null: no admin routes at all. */
  adminToken: string | null;
  payouts: Payouts;
  sweeps: Sweeps;
  health: () => Promise<SignerHealth>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes the admin token (and only it). */
    admin?: boolean;
  }
}

export function createSignerServer(logger: FastifyServerOptions['logger']): FastifyInstance {
  return Fastify({ logger: logger ?? false, bodyLimit: 16 * 1024 });
}

export function registerSignerRoutes(app: FastifyInstance, opts: SignerRoutesOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    // by the matched route, not by the raw URL: a percent-encoded path reaches the same route
    const expected = request.routeOptions.config?.admin === true ? opts.adminToken : opts.token;
    if (expected === null || !bearerMatches(request.headers.authorization, expected)) {
      return reply.code(401).send({ statusCode: 401, code: 'unauthorized', message: 'missing or wrong bearer token' });
    }
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ statusCode: 404, code: 'not-found', message: `no route ${request.method} ${request.url.split('?')[0]}` });
  });

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof ZodError) {
      const issue = err.issues[0];
      const where = issue?.path.join('.') || 'body';
      return reply.code(400).send({ statusCode: 400, code: 'bad-request', message: `${where}: ${issue?.message ?? 'invalid'}` });
    }
    if (err instanceof SignerRefusal) return reply.code(err.statusCode).send({ statusCode: err.statusCode, code: err.code, message: err.message });
    if (err instanceof ChainUnavailable) {
      request.log.warn({ err: err.message }, 'chain unavailable');
      return reply.code(503).send({ statusCode: 503, code: 'chain-unavailable', message: err.message });
    }
    const statusCode = (err as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send({ statusCode, code: 'bad-request', message: shortMessage(err) });
    }
    request.log.error({ err: shortMessage(err) }, 'signer request failed');
    return reply.code(500).send({ statusCode: 500, code: 'internal', message: 'internal error' });
  });

  app.post('/v1/payouts', async (request) => opts.payouts.request(payoutRequest.parse(request.body)));

  app.get('/v1/payouts/:key', async (request, reply) => {
    const { key } = keyParams.parse(request.params);
    const status = await opts.payouts.status(key);
    if (!status) return reply.code(404).send({ statusCode: 404, code: 'not-found', message: 'no payout with this key' });
    return status;
  });

  app.post('/v1/sweeps', async (request) => opts.sweeps.sweep(sweepRequest.parse(request.body)));

  app.get('/v1/health', async () => opts.health());

  if (opts.adminToken !== null) {
    app.post('/v1/admin/payouts/:key/release', { config: { admin: true } }, async (request, reply) => {
      const { key } = keyParams.parse(request.params);
      const status = await opts.payouts.release(key);
      if (!status) return reply.code(404).send({ statusCode: 404, code: 'not-found', message: 'no payout with this key' });
      return status;
    });
  }
}
