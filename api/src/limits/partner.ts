// Per-key limits of the partner API: config.partner.rateLimitPerMinute requests per API key and minute, counted in
// the limit store (store.ts: Redis when REDIS_URL is set, so replicas share the count; memory if Redis is down or unset). Every
// answer to an authenticated partner call carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds
// until the window ends); over the limit → 429 ERR_TOO_MANY_REQUESTS with Retry-After.
import type { FastifyReply } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from 'shared-contracts/server';
import { retryAfterSecondsOf } from './refusal';
import type { LimitStore } from './store';

export interface PartnerRateLimiter {
  /** Counts one request of the key and sets the RateLimit-* headers; throws 429 over the limit. */
  consume(apiId: string, reply: FastifyReply): Promise<void>;
}

export function createPartnerRateLimiter(store: LimitStore, opts: { perMinute: number }): PartnerRateLimiter {
  const limiter = store.bucket('partner-rl', opts.perMinute, 60);

  const publish = (reply: FastifyReply, res: RateLimiterRes) => {
    reply.header('RateLimit-Limit', String(opts.perMinute));
    reply.header('RateLimit-Remaining', String(Math.max(0, res.remainingPoints)));
    reply.header('RateLimit-Reset', String(Math.max(0, Math.ceil(res.msBeforeNext / 1000))));
  };

  return {
    async consume(apiId, reply) {
      try {
        publish(reply, await limiter.consume(apiId, 1));
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        publish(reply, err);
        const retryAfter = retryAfterSecondsOf(err);
        reply.header('Retry-After', String(retryAfter));
        throw ApiError.of('ERR_TOO_MANY_REQUESTS', `Too many requests with this API key; retry in ${retryAfter} s`, {
          details: { retryAfterSeconds: retryAfter, limitPerMinute: opts.perMinute },
        });
      }
    },
  };
}
