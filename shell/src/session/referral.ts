// §2 "A ref query parameter on any route is stored in a cookie called referralID" (web sets it, Path=/,
// SameSite=Lax, Secure on an https site); §5 the stored id, else the query's for a guest; §8 an unknown
// referral id is dropped. Once dropped, neither the cookie nor the URL's `ref` names it again this visit.
// Remotes reach it as `host.session.referral`; the cookie is the shell's alone.
import { REFERRAL_COOKIE, type HostReferral } from 'shared-contracts';

export interface ReferralInputs {
  readCookie(): string | undefined;
  /** Writes a raw `Set-Cookie`-style string (document.cookie in the browser). */
  writeCookie(cookie: string): void;
  /** The current URL's `ref`. */
  queryRef(): string | undefined;
  isAuthorised(): boolean;
  /** The page is served over https (the cookie web set is then Secure, and so must its deletion be). */
  isHttps(): boolean;
}

/** Deletes the cookie web set: same name, path and attributes, expired. */
function expiredReferralCookie(secure: boolean): string {
  return `${REFERRAL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function referralSource(inputs: ReferralInputs): HostReferral {
  let dropped = false;
  return {
    get: () => {
      if (dropped) return undefined;
      return inputs.readCookie() || (!inputs.isAuthorised() ? inputs.queryRef() || undefined : undefined);
    },
    clear: () => {
      dropped = true;
      inputs.writeCookie(expiredReferralCookie(inputs.isHttps()));
    },
  };
}
