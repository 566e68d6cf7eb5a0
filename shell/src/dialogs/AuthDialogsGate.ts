// The account dialogs' store (forms, checks, error mapping, password rules) is needed only once a dialog opens: it
// loads then, with the dialogs' own chunk, instead of in the shell's first load (issue 27). What the page and the
// remotes use before that — which dialog is open, the calls that open one — is this gate; every call is applied to
// the store, in the order made, as soon as it is there.
import { computed, makeObservable, observableRef, runInAction } from 'mobx';
import type { RegisterDialogOptions } from 'shared-contracts';
import type { AuthDialogKind, AuthDialogsStore, ConfirmedEmails } from './AuthDialogsStore';
import { sanitiseEmail } from './email';

export class AuthDialogsGate {
  /** The store, once loaded (the first open loads it). */
  store: AuthDialogsStore | null = null;
  private loading: Promise<AuthDialogsStore> | null = null;

  constructor(
    private readonly deps: {
      /** Loads the store's module and makes the one store of this page. */
      createStore(): Promise<AuthDialogsStore>;
      confirmedEmails: ConfirmedEmails;
    },
  ) {
    makeObservable(this, { store: observableRef, open: computed });
  }

  /** The dialog shown, if any. */
  get open(): AuthDialogKind | null {
    return this.store?.open ?? null;
  }

  /** The store, loaded once; a failed load is tried again by the next call. */
  load(): Promise<AuthDialogsStore> {
    this.loading ??= this.deps.createStore().then(
      (store) => {
        runInAction(() => (this.store = store));
        return store;
      },
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  // A chunk that fails to load rejects unhandled: the shell's chunk-error handling (UpdateStore) takes it, as it does
  // for the dialogs' lazy UI.
  openLogin(next?: string | null, email?: string): Promise<void> {
    return this.load().then((store) => store.openLogin(next, email));
  }

  openRegister(options?: RegisterDialogOptions): Promise<void> {
    return this.load().then((store) => store.openRegister(options));
  }

  openRestore(email?: string): Promise<void> {
    return this.load().then((store) => store.openRestore(email));
  }

  /** As AuthDialogsStore.confirmEmail; an email already confirmed in this browser resolves without loading anything. */
  confirmEmail(initialEmail?: string): Promise<string | null> {
    const email = initialEmail ? sanitiseEmail(initialEmail) : '';
    if (email && this.deps.confirmedEmails.isConfirmed(email)) return Promise.resolve(email);
    return this.load().then((store) => store.confirmEmail(initialEmail));
  }

  close(): void {
    this.store?.close();
  }

  /** The page is being left: a dialog left open reports what it must (nothing to report before one opened). */
  leavePage(): void {
    this.store?.leavePage();
  }
}
