// Issue 24: the visitor's cookie choice. Before a choice, and with "essential only", nothing of marketing or
// analytics is stored in the browser or sent (UTM history, the first-visit cookie, analytics events, the §9 referral
// cookie); essential cookies (session, CSRF, locale, theme, this choice) are always set. The choice lives in a
// first-party cookie holding it and its date, read by the shell (browser and server render) and by web (which sets
// the referral cookie of a `?ref=` link only when the choice is "all").

export const CONSENT_COOKIE = 'cookie_consent';
/** A choice is asked again after 6 months (the usual regulators' guidance is 6–13 months). */
export const CONSENT_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
export const CONSENT_CHOICES = ['all', 'essential'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

export interface Consent {
  choice: ConsentChoice;
  /** ISO date `YYYY-MM-DD` of the choice. */
  date: string;
}

/** The cookie's value: `all.2026-11-27` / `essential.2026-11-27`. */
export function consentCookieValue(choice: ConsentChoice, at: Date): string {
  return `${choice}.${at.toISOString().slice(0, 10)}`;
}

/** The choice a cookie value holds; anything else (absent, tampered) is no choice: the banner asks. */
export function parseConsent(value: string | undefined | null): Consent | null {
  const m = /^(all|essential)\.(\d{4}-\d{2}-\d{2})$/.exec(value ?? '');
  return m ? { choice: m[1] as ConsentChoice, date: m[2] } : null;
}

/** Marketing and analytics storage (UTM, first visit, analytics events, the referral cookie) is allowed. */
export function marketingAllowed(value: string | undefined | null): boolean {
  return parseConsent(value)?.choice === 'all';
}
