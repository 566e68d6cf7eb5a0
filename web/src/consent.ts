// Issue 24: what web decides from the visitor's cookie choice (shared-contracts consent.ts). The §9 referral cookie of
// a `?ref=` link is marketing storage: web sets it only when the request carries the choice "all". A guest's cached
// page depends on the choice (the banner is in the server render), so it is part of the guest cache key.
import { CONSENT_COOKIE, parseConsent, readCookie } from 'shared-contracts';

/** The request's cookie header allows the referral cookie (a malformed header allows nothing). */
export function referralCookieAllowed(cookieHeader: string | undefined): boolean {
  try {
    return parseConsent(readCookie(CONSENT_COOKIE, cookieHeader))?.choice === 'all';
  } catch {
    return false;
  }
}

/** The choice as a guest page's cache key part: '' (banner shown), 'all' or 'essential'. */
export function consentKey(cookies: Record<string, string>): string {
  return parseConsent(cookies[CONSENT_COOKIE])?.choice ?? '';
}
