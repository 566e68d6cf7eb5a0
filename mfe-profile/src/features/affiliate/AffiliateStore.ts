// The affiliate programme tab: the account's referrer id (its referral link), the programme's commission rate, and
// the commission accrued on each referred order, with totals.
import { computed, makeObservable, observable, observableRef } from 'mobx';
import type { AffiliateProgram, ApiClient, LedgerEntry } from 'shared-contracts';
import { LoadState } from 'remote-kit/load';
import { sumDecimals } from '../../lib/decimal';

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
  readonly loadState = new LoadState({ what: 'affiliate programme' });

  constructor(private readonly api: Pick<ApiClient, 'affiliateReferrerId' | 'affiliateProgram' | 'affiliateAccruals'>) {
    makeObservable(this, {
      referrerId: observable,
      program: observableRef,
      accruals: observableRef,
      total: computed,
      orderCount: computed,
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
    await this.loadState.load(
      () => Promise.all([this.api.affiliateReferrerId(), this.api.affiliateProgram(), this.api.affiliateAccruals()]),
      ([{ referrerId }, program, accruals]) => {
        this.referrerId = referrerId;
        this.program = program;
        this.accruals = [...accruals].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      },
    );
  }
}
