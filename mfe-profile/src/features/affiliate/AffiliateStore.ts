// The affiliate programme tab: the account's referrer id (its referral link), the programme's commission rate, and
// the commission accrued on each referred order, with totals.
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { AffiliateProgram, ApiClient, LedgerEntry } from 'shared-contracts';
import { sumDecimals } from '../../lib/decimal';

export type AffiliateState = 'idle' | 'loading' | 'ready' | 'error';

/** `${origin}${prefix}${path}?ref=<id>`: a referral link to any page of the site (home or a pair page); the Russian
 * home is `/ru` (web drops a trailing slash with a 301, §2). */
export function referralLink(origin: string, prefix: string, path: string, param: string, referrerId: string): string {
  const page = prefix && path === '/' ? prefix : `${prefix}${path}`;
  return `${origin}${page}?${new URLSearchParams({ [param]: referrerId })}`;
}

export class AffiliateStore {
  referrerId: string | null = null;
  program: AffiliateProgram | null = null;
  accruals: LedgerEntry[] = [];
  state: AffiliateState = 'idle';

  constructor(private readonly api: Pick<ApiClient, 'affiliateReferrerId' | 'affiliateProgram' | 'affiliateAccruals'>) {
    makeObservable(this, {
      referrerId: observable,
      program: observableRef,
      accruals: observableRef,
      state: observable,
      total: computed,
      orderCount: computed,
      load: action,
    });
  }

  /** All commission earned (USDT), exact. */
  get total(): string {
    return sumDecimals(this.accruals.map((a) => a.amount));
  }

  /** Referred orders that earned a commission. */
  get orderCount(): number {
    return new Set(this.accruals.map((a) => a.orderId)).size;
  }

  async load(): Promise<void> {
    this.state = 'loading';
    try {
      const [{ referrerId }, program, accruals] = await Promise.all([
        this.api.affiliateReferrerId(),
        this.api.affiliateProgram(),
        this.api.affiliateAccruals(),
      ]);
      runInAction(() => {
        this.referrerId = referrerId;
        this.program = program;
        this.accruals = [...accruals].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        this.state = 'ready';
      });
    } catch (error) {
      console.warn('affiliate programme failed to load', error);
      runInAction(() => (this.state = 'error'));
    }
  }
}
