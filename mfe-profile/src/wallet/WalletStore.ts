// The wallet: the account's ledger balances, its credits (affiliate accruals and cashbacks, newest first) and its
// withdrawals. After a withdrawal the balances and the withdrawal history are reloaded (§7); while a withdrawal is on
// its way (PENDING or PROCESSING) they are refreshed every few seconds until it settles. Timers only after start().
import { computed, makeObservable, observableRef } from 'mobx';
import { type ApiClient, type Balance, type LedgerEntry, WITHDRAWAL_CURRENCY, type WithdrawalRecord } from 'shared-contracts';
import { LoadState } from 'remote-kit/load';

export type WalletApi = Pick<ApiClient, 'affiliateBalances' | 'affiliateAccruals' | 'affiliateCashbacks' | 'affiliateWithdrawals'>;

/** How often balances and withdrawals are refreshed while a withdrawal is on its way. */
export const WALLET_POLL_MS = 4000;

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

export class WalletStore {
  balances: Balance[] = [];
  credits: LedgerEntry[] = [];
  withdrawals: WithdrawalRecord[] = [];
  /** the skeleton until the first answer; a reload keeps what is shown, a failed load is the error state */
  readonly loadState = new LoadState({ what: 'wallet', keepWhileLoading: true });
  private started = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `withCredits`: false on the withdraw page, which shows only balances and withdrawals. */
  constructor(
    private readonly api: WalletApi,
    private readonly withCredits = true,
  ) {
    makeObservable(this, {
      balances: observableRef,
      credits: observableRef,
      withdrawals: observableRef,
      usdt: computed,
      inFlight: computed,
    });
  }

  /** The withdrawable currency's balance (a zero one when the account has none yet). */
  get usdt(): Balance {
    return (
      this.balances.find((b) => b.currencyTitle === WITHDRAWAL_CURRENCY) ?? {
        currencyTitle: WITHDRAWAL_CURRENCY,
        networkTitle: 'TRC20',
        amount: '0',
        held: '0',
        pending: '0',
      }
    );
  }

  get inFlight(): boolean {
    return this.withdrawals.some((w) => w.status === 'PENDING' || w.status === 'PROCESSING');
  }

  start(): void {
    this.started = true;
    void this.load();
  }

  dispose(): void {
    this.started = false;
    clearTimeout(this.timer);
  }

  /** Everything the page shows; the skeleton until the first answer, an error state when it fails. */
  async load(): Promise<void> {
    const outcome = await this.loadState.load(
      () =>
        Promise.all([
          this.api.affiliateBalances(),
          this.api.affiliateWithdrawals(),
          this.withCredits ? this.api.affiliateAccruals() : Promise.resolve([]),
          this.withCredits ? this.api.affiliateCashbacks() : Promise.resolve([]),
        ]),
      ([balances, withdrawals, accruals, cashbacks]) => {
        this.balances = balances;
        this.withdrawals = [...withdrawals].sort(newestFirst);
        this.credits = [...accruals, ...cashbacks].sort(newestFirst);
      },
    );
    if (outcome === 'applied') this.schedule();
  }

  /** §7: after a withdrawal, balances and the withdrawal history (a failed refresh keeps what is shown). */
  async reload(): Promise<void> {
    const outcome = await this.loadState.load(
      () => Promise.all([this.api.affiliateBalances(), this.api.affiliateWithdrawals()]),
      ([balances, withdrawals]) => {
        this.balances = balances;
        this.withdrawals = [...withdrawals].sort(newestFirst);
      },
      { keepOnError: true, failure: 'wallet failed to refresh' },
    );
    // a failed refresh tries again; one overtaken by a later load leaves the scheduling to it
    if (outcome !== 'dropped') this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.started || !this.inFlight) return;
    this.timer = setTimeout(() => void this.reload(), WALLET_POLL_MS);
  }
}
