import { makeAutoObservable } from 'mobx';
import type { AccountData, HostSession } from 'shared-contracts';

export interface SessionStoreDeps {
  notify(message: string): void;
  comingSoonMessage(): string;
}

/** Minimal for now: accounts come in a later issue. */
export class SessionStore implements HostSession {
  account: AccountData | null = null;

  constructor(private readonly deps: SessionStoreDeps) {
    makeAutoObservable<SessionStore, 'deps'>(this, { deps: false });
  }

  get isAuthorised(): boolean {
    const a = this.account;
    return !!a && typeof a.userId === 'number' && a.userId !== 0 && a.email.trim() !== '';
  }

  get isAdmin(): boolean {
    return this.account?.permissions === 'ADMIN';
  }

  openLoginDialog() {
    this.deps.notify(this.deps.comingSoonMessage());
  }
}
