// Attempt limits of sign-in, password reset and email confirmation, consumed before any password hashing or
// mail (issue 7, "limits that protect users instead of locking them out"). Each attempt is counted three ways:
//   - per client address: 429 when exhausted (one address guessing across many accounts);
//   - per (account, client address): 429 when exhausted (one address guessing one account);
//   - per account across all addresses: never a 429. Past its ceiling each further attempt is answered after
//     a server-side delay that doubles per attempt up to a cap of a few seconds. A stranger hammering the
//     account from many addresses is slowed down, and the owner, from an address of their own, still gets in
//     (a little later) instead of being locked out for the whole window.
// A success does not count: it restarts its (account, address) bucket and gives back its other points.
// Counted in the process's limit store (store.ts: Redis shared by replicas, memory while Redis is down or unset).
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey } from './address';
import type { AttemptLimitsConfig } from './config';
import { consumeIfRoom, consumeOrRefuse } from './refusal';
import type { LimitStore } from './store';

/** Password reset requests and code submissions share one budget; email confirmation codes have their own of the same size. */
type AttemptFlow = 'login' | 'reset' | 'confirmEmail';

export interface AttemptLimiter {
  /**
   * Counts one attempt of `flow` on `account` (a normalised email) from `ip`: throws 429 ERR_TOO_MANY_REQUESTS
   * when the address or the (account, address) pair has used its budget; waits first when the account is
   * past its ceiling across all addresses.
   */
  attempt(flow: AttemptFlow, account: string, ip: string): Promise<void>;
  /** The attempt succeeded, so it does not count. */
  succeeded(flow: AttemptFlow, account: string, ip: string): Promise<void>;
  /** Forgets the account's attempts across addresses (its password has just changed). */
  forgetAccount(flow: AttemptFlow, account: string): Promise<void>;
  /** Registrations per client address (429 when exhausted). */
  registration(ip: string): Promise<void>;
  /** Whether the owner of `account` may get another "someone tried to register" mail this window. */
  registrationNotice(account: string): Promise<boolean>;
}

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registration notices per account and window: enough to tell the owner, too few to flood a mailbox. */
export const REGISTRATION_NOTICES_PER_WINDOW = 3;

const WHAT: Record<AttemptFlow, string> = { login: 'sign-in', reset: 'password reset', confirmEmail: 'email confirmation' };

/** The wait before answering the attempt that brought an account's count to `consumed` (0 within the ceiling). */
export function accountDelayMs(consumed: number, ceiling: number, firstDelayMs: number, maxDelayMs: number): number {
  const over = consumed - ceiling;
  if (over <= 0 || firstDelayMs <= 0) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(over - 1, 20));
}

export interface AttemptLimiterOptions {
  /** Tests observe the delays instead of waiting them out. */
  sleep?: Sleep;
}

export function createAttemptLimiter(store: LimitStore, cfg: AttemptLimitsConfig, opts: AttemptLimiterOptions = {}): AttemptLimiter {
  const { sleep = realSleep } = opts;
  const make = (name: string, points: number): RateLimiterAbstract => store.bucket(name, points, cfg.windowSeconds);
  const budgets: Record<AttemptFlow, AttemptLimitsConfig['login']> = { login: cfg.login, reset: cfg.reset, confirmEmail: cfg.reset };
  const buckets = Object.fromEntries(
    (Object.keys(budgets) as AttemptFlow[]).map((flow) => {
      const b = budgets[flow];
      return [
        flow,
        { ip: make(`${flow}:ip`, b.perIp), accountIp: make(`${flow}:account-ip`, b.perAccountIp), account: make(`${flow}:account`, b.perAccountBeforeDelay) },
      ];
    }),
  ) as Record<AttemptFlow, { ip: RateLimiterAbstract; accountIp: RateLimiterAbstract; account: RateLimiterAbstract }>;
  const registerIp = make('register:ip', cfg.registerPerIp);
  const registrationNotices = make('register:notice', REGISTRATION_NOTICES_PER_WINDOW);

  const pairKey = (account: string, ip: string) => JSON.stringify([account, addressKey(ip)]);

  return {
    async attempt(flow, account, ip) {
      const b = buckets[flow];
      await consumeOrRefuse(b.ip, addressKey(ip), `${WHAT[flow]} attempts`, { limit: 'ip' });
      await consumeOrRefuse(b.accountIp, pairKey(account, ip), `${WHAT[flow]} attempts`, { limit: 'account-ip' });
      // penalty() counts without ever refusing: the ceiling only decides the wait.
      const counted = await b.account.penalty(account);
      const wait = accountDelayMs(counted.consumedPoints, budgets[flow].perAccountBeforeDelay, cfg.accountDelayMs, cfg.accountMaxDelayMs);
      if (wait > 0) await sleep(wait);
    },
    async succeeded(flow, account, ip) {
      const b = buckets[flow];
      await Promise.all([b.accountIp.delete(pairKey(account, ip)), b.ip.reward(addressKey(ip), 1), b.account.reward(account, 1)]).catch(() => undefined);
    },
    async forgetAccount(flow, account) {
      await buckets[flow].account.delete(account).catch(() => undefined);
    },
    async registration(ip) {
      await consumeOrRefuse(registerIp, addressKey(ip), 'registration attempts', { limit: 'ip' });
    },
    registrationNotice: (account) => consumeIfRoom(registrationNotices, account),
  };
}
