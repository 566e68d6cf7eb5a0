// Issue 24: the visitor's cookie choice (shared-contracts consent.ts). Before a choice the banner asks and nothing of
// marketing or analytics is stored or sent; "Accept all" allows them, "Essential only" (also a later withdrawal)
// deletes what they stored. The choice is a first-party cookie with its date, so web's server render shows the banner
// exactly when the browser will, and web sets the referral cookie of a `?ref=` link only when the choice is "all".
// Listeners (ShellApp) start the UTM record, the referral cookie and analytics when consent is given.
import { action, computed, makeObservable, observable } from 'mobx';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S, consentCookieValue, parseConsent, type Consent, type ConsentChoice } from 'shared-contracts';
import type { CookieJar } from '../stores/env';

export interface ConsentStoreDeps {
  cookies: CookieJar;
  now?: () => Date;
}

type ConsentListener = (consent: Consent) => void;

export class ConsentStore {
  consent: Consent | null;
  /** The banner was opened again from the footer's "Cookie settings" (a choice exists). */
  settingsOpen = false;
  private readonly listeners = new Set<ConsentListener>();

  constructor(private readonly deps: ConsentStoreDeps) {
    this.consent = parseConsent(deps.cookies.get(CONSENT_COOKIE));
    makeObservable(this, {
      consent: observable,
      settingsOpen: observable,
      asking: computed,
      marketingAllowed: computed,
      choose: action,
      openSettings: action,
      closeSettings: action,
    });
  }

  /** The banner shows: no choice yet, or the settings were opened. */
  get asking(): boolean {
    return this.consent === null || this.settingsOpen;
  }

  /** Marketing and analytics storage and events are allowed. */
  get marketingAllowed(): boolean {
    return this.consent?.choice === 'all';
  }

  choose(choice: ConsentChoice): void {
    const value = consentCookieValue(choice, (this.deps.now ?? (() => new Date()))());
    this.deps.cookies.set(CONSENT_COOKIE, value, { maxAge: CONSENT_COOKIE_MAX_AGE_S, path: '/', sameSite: 'Lax' });
    const consent = parseConsent(value) as Consent;
    this.consent = consent;
    this.settingsOpen = false;
    for (const listener of [...this.listeners]) {
      try {
        listener(consent);
      } catch (error) {
        console.warn('consent listener failed', error);
      }
    }
  }

  openSettings(): void {
    this.settingsOpen = true;
  }

  closeSettings(): void {
    this.settingsOpen = false;
  }

  /** Called after every choice. Returns the unsubscribe. */
  onChange(listener: ConsentListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
