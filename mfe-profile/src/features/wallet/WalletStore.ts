// The wallet: the account's ledger balances, its credits (affiliate accruals and cashbacks, newest first) and its
// withdrawals. After a withdrawal the balances and the withdrawal history are reloaded (§7); while a withdrawal is on
// its way (PENDING or PROCESSING) they are refreshed every few seconds until it settles. Timers only after start().
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { type ApiClient, type Balance, type LedgerEntry, WITHDRAWAL_CURRENCY, type WithdrawalRecord } from 'shared-contracts';

export type WalletState = 'idle' | 'loading' | 'ready' | 'error';
export type WalletApi = Pick<ApiClient, 'affiliateBalances' | 'affiliateAccruals' | 'affiliateCashbacks' | 'affiliateWithdrawals'>;

/** How often balances and withdrawals are refreshed while a withdrawal is on its way. */
export const WALLET_POLL_MS = 4000;

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

export class WalletStore {
  balances: Balance[] = [];
  credits: LedgerEntry[] = [];
  withdrawals: WithdrawalRecord[] = [];
  state: WalletState = 'idle';
  private started = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private request = 0;

  /** `withCredits`: false on the withdraw page, which shows only balances and withdrawals. */
  constructor(
    private readonly api: WalletApi,
    private readonly withCredits = true,
  ) {
    makeObservable(this, {
      balances: observableRef,
      credits: observableRef,
      withdrawals: observableRef,
      state: observable,
      usdt: computed,
      inFlight: computed,
      load: action,
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
    const id = ++this.request;
    if (this.state !== 'ready') this.state = 'loading';
    try {
      const [balances, withdrawals, accruals, cashbacks] = await Promise.all([
        this.api.affiliateBalances(),
        this.api.affiliateWithdrawals(),
        this.withCredits ? this.api.affiliateAccruals() : Promise.resolve([]),
        this.withCredits ? this.api.affiliateCashbacks() : Promise.resolve([]),
      ]);
      if (id !== this.request) return;
      runInAction(() => {
        this.balances = balances;
        this.withdrawals = [...withdrawals].sort(newestFirst);
        this.credits = [...accruals, ...cashbacks].sort(newestFirst);
        this.state = 'ready';
      });
      this.schedule();
    } catch (error) {
      if (id !== this.request) return;
      console.warn('wallet failed to load', error);
      runInAction(() => (this.state = 'error'));
    }
  }

  /** §7: after a withdrawal, balances and the withdrawal history (a failed refresh keeps what is shown). */
  async reload(): Promise<void> {
    const id = ++this.request;
    try {
      const [balances, withdrawals] = await Promise.all([this.api.affiliateBalances(), this.api.affiliateWithdrawals()]);
      if (id !== this.request) return;
      runInAction(() => {
        this.balances = balances;
        this.withdrawals = [...withdrawals].sort(newestFirst);
        this.state = 'ready';
      });
    } catch (error) {
      console.warn('wallet failed to refresh', error);
    }
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.started || !this.inFlight) return;
    this.timer = setTimeout(() => void this.reload(), WALLET_POLL_MS);
  }
}
