// How a full bucket answers: the 429 ERR_TOO_MANY_REQUESTS of the attempt and support limits, and the quiet "no room"
// of the limits that hold back a mail rather than refuse a request.
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from 'shared-contracts/server';

/** Seconds until the bucket has room again (at least 1): the Retry-After of a refusal. */
export const retryAfterSecondsOf = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Counts one `key`; when the bucket is full, 429 "Too many <what>. Try again in N minutes." with details.retryAfterSeconds. */
export async function consumeOrRefuse(bucket: RateLimiterAbstract, key: string, what: string, details: Record<string, unknown> = {}): Promise<void> {
  try {
    await bucket.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    const retryAfterSeconds = retryAfterSecondsOf(err);
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw ApiError.of('ERR_TOO_MANY_REQUESTS', `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      details: { retryAfterSeconds, ...details },
    });
  }
}

/** Counts one `key` when the bucket has room: whether it had. */
export async function consumeIfRoom(bucket: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await bucket.consume(key);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}
