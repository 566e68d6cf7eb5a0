// What the profile shows about the account's safety (issue 24): whether its email is confirmed (API keys, webhooks, a
// referral relation and withdrawals need it) and whether two-factor authentication is on. It starts from the shell's
// account data and follows what happens on this page (confirming the email, turning two-factor on or off), reading
// the account data again after a confirmation so the page never guesses.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { AccountData, ApiClient, HostSession } from 'shared-contracts';

export interface AccountStatusDeps {
  /** the shell's account data (null for a guest) */
  account(): AccountData | null;
  api: Pick<ApiClient, 'accountData'>;
  /** the shell's email-confirmation dialog: resolves with the confirmed email, or null when dismissed */
  confirmEmail: HostSession['confirmEmail'];
  /** whether this browser already confirmed the email (e.g. for a guest order): the dialog then answers at once */
  confirmedHere?(email: string): boolean;
}

export class AccountStatusStore {
  /** what this page learnt since it opened; null: the shell's account data says */
  private known: { emailConfirmed?: boolean; twoFactorEnabled?: boolean } = {};
  confirming = false;

  constructor(private readonly deps: AccountStatusDeps) {
    makeObservable<AccountStatusStore, 'known'>(this, {
      known: observableRef,
      confirming: observable,
      setTwoFactorEnabled: action,
      confirmEmail: action,
    });
  }

  get email(): string {
    return this.deps.account()?.email ?? '';
  }

  /** An account data without the field (an older api) counts as confirmed: the api has the last word anyway. */
  get emailConfirmed(): boolean {
    return this.known.emailConfirmed ?? this.deps.account()?.emailConfirmed ?? true;
  }

  get twoFactorEnabled(): boolean {
    return this.known.twoFactorEnabled ?? this.deps.account()?.twoFactorEnabled ?? false;
  }

  setTwoFactorEnabled(enabled: boolean): void {
    this.known = { ...this.known, twoFactorEnabled: enabled };
  }

  /** Reads the account data again (after a confirmation made elsewhere, e.g. the shell's dialog). */
  async reload(): Promise<void> {
    try {
      const account = await this.deps.api.accountData();
      runInAction(() => (this.known = { emailConfirmed: account.emailConfirmed, twoFactorEnabled: account.twoFactorEnabled }));
    } catch (error) {
      console.warn('account data failed to load', error);
    }
  }

  /**
   * On a page's mount: the shell's account data may predate a confirmation made since (on another profile tab, which
   * cannot update the shell's copy): an unconfirmed email is read again from the api before the page says so.
   */
  async refreshIfUnconfirmed(): Promise<void> {
    if (this.deps.account() && !this.emailConfirmed) await this.reload();
  }

  /**
   * Opens the shell's confirmation dialog (it mails a code and takes it); true once the api says the email is confirmed.
   */
  async confirmEmail(): Promise<boolean> {
    if (this.confirming || !this.email) return this.emailConfirmed;
    this.confirming = true;
    try {
      // The shell's dialog answers at once for an email confirmed in this browser without asking the api,
      // which still says the account's email is not confirmed: the dialog then opens on its email step, to type it.
      const here = this.deps.confirmedHere?.(this.email) ?? false;
      const confirmed = await this.deps.confirmEmail(here ? undefined : this.email);
      if (confirmed) await this.reload();
    } finally {
      runInAction(() => (this.confirming = false));
    }
    return this.emailConfirmed;
  }
}
