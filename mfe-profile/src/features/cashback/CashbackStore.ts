// The cashback tab: the published tiers (by 30-day completed volume in USDT), where the account stands (its volume and
// current rate), and its cashback accruals history.
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { AffiliateProgram, ApiClient, LedgerEntry } from 'shared-contracts';
import { LoadState } from 'remote-kit/load';
import { isLess, sumDecimals } from '../../lib/decimal';

export type CashbackView = 'program' | 'history';

export class CashbackStore {
  program: AffiliateProgram | null = null;
  cashbacks: LedgerEntry[] = [];
  readonly loadState = new LoadState({ what: 'cashback' });
  view: CashbackView;

  constructor(
    private readonly api: Pick<ApiClient, 'affiliateProgram' | 'affiliateCashbacks'>,
    view: CashbackView = 'program',
  ) {
    this.view = view;
    makeObservable(this, {
      program: observableRef,
      cashbacks: observableRef,
      view: observable,
      tiers: computed,
      currentTier: computed,
      total: computed,
      setView: action,
    });
  }

  /** The tiers from the smallest volume up. */
  get tiers(): AffiliateProgram['cashbackTiers'] {
    return [...(this.program?.cashbackTiers ?? [])].sort((a, b) => (isLess(a.minVolume, b.minVolume) ? -1 : isLess(b.minVolume, a.minVolume) ? 1 : 0));
  }

  /** The index in `tiers` of the tier the account's 30-day volume reaches (-1: none yet). */
  get currentTier(): number {
    const volume = this.program?.volume30d ?? '0';
    let at = -1;
    this.tiers.forEach((tier, i) => {
      if (!isLess(volume, tier.minVolume)) at = i;
    });
    return at;
  }

  get total(): string {
    return sumDecimals(this.cashbacks.map((c) => c.amount));
  }

  setView(view: CashbackView): void {
    this.view = view;
  }

  async load(): Promise<void> {
    await this.loadState.load(
      () => Promise.all([this.api.affiliateProgram(), this.api.affiliateCashbacks()]),
      ([program, cashbacks]) => {
        this.program = program;
        this.cashbacks = [...cashbacks].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      },
    );
  }
}
