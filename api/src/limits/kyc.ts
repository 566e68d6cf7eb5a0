// Issue 24: kyc/submit decodes up to three 40-megapixel images per request, so it is held three ways, each refusal a
// 429 ERR_TOO_MANY_REQUESTS with Retry-After, answered before the body is read (the refused body is then drained or
// its connection closed: http/refusedBodies.ts):
//   - per account: KYC_SUBMITS_PER_HOUR attempts an hour (the limit store: Redis when REDIS_URL is set, so replicas
//     share the count; memory otherwise, or while Redis is down);
//   - per account: one submission in flight at a time (on this replica; with the hourly count shared, N replicas
//     allow at most N at once for one account);
//   - per replica: at most KYC_CONCURRENT_DECODES submissions decoding images at once.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from 'shared-contracts/server';
import type { KycLimitsConfig } from './config';
import { retryAfterSecondsOf } from './refusal';
import type { LimitStore } from './store';

const HOUR_S = 3600;
/** What a refused caller is told to wait when the cause is momentary (another upload in flight, decodes busy). */
const BUSY_RETRY_AFTER_S = 5;

const tooMany = (message: string, retryAfterS: number) => {
  const err = ApiError.of('ERR_TOO_MANY_REQUESTS', message);
  return Object.assign(err, { retryAfterS });
};

export interface KycLimits {
  /** Counts one attempt of the account and marks it in flight; throws 429 when refused. Call `release` when done. */
  begin(userId: number): Promise<() => void>;
  /** Runs image decoding under the replica's cap (429 when the cap is reached). */
  decoding<T>(work: () => Promise<T>): Promise<T>;
}

export function createKycLimits(store: LimitStore, o: KycLimitsConfig): KycLimits {
  // With Redis down the hourly count falls back to this replica's memory (the in-flight and decode caps still hold).
  const perHour = store.bucket('kyc-submit', o.submitsPerHour, HOUR_S);
  const inFlight = new Set<number>();
  let decoding = 0;

  return {
    async begin(userId) {
      if (inFlight.has(userId)) throw tooMany('A verification of this account is already being uploaded; wait for it to finish', BUSY_RETRY_AFTER_S);
      try {
        await perHour.consume(String(userId));
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          throw tooMany(`At most ${o.submitsPerHour} verification submissions an hour; try again later`, retryAfterSecondsOf(err));
        }
        throw err;
      }
      // checked again: another request of the account may have begun while the count was taken
      if (inFlight.has(userId)) throw tooMany('A verification of this account is already being uploaded; wait for it to finish', BUSY_RETRY_AFTER_S);
      inFlight.add(userId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight.delete(userId);
      };
    },

    async decoding(work) {
      if (decoding >= o.concurrentDecodes)
        throw tooMany('Too many verifications are being processed right now; try again in a few seconds', BUSY_RETRY_AFTER_S);
      decoding++;
      try {
        return await work();
      } finally {
        decoding--;
      }
    },
  };
}
