// §2 "A ref query parameter on any route is stored in a cookie called referralID" (24 h, §9): web sets it on a
// document request, the shell on every client-side navigation that carries `ref`. §5 a referral id applies only to a
// visitor who is not signed in (a signed-in customer's orders pay the account's registration referrer, which the api
// knows): for a signed-in visitor it is neither stored nor sent. §8 an unknown referral id is dropped: once dropped,
// neither the cookie nor the URL's `ref` names it again this visit. Remotes reach it as `host.session.referral`;
// the cookie is the shell's alone.
import { REFERRAL_COOKIE, REFERRAL_COOKIE_MAX_AGE_S, type HostReferral } from 'shared-contracts';

export interface ReferralInputs {
  readCookie(): string | undefined;
  /** Writes a raw `Set-Cookie`-style string (document.cookie in the browser). */
  writeCookie(cookie: string): void;
  /** The current URL's `ref`. */
  queryRef(): string | undefined;
  isAuthorised(): boolean;
  /** The page is served over https (the cookie web set is then Secure, and so must its deletion be). */
  isHttps(): boolean;
  /**
   * Issue 24: the visitor consented to marketing cookies (absent: always). Without it a `ref` is kept in memory for
   * this visit only (an order created now still names it) and written to the cookie once consent is given.
   */
  allowed?(): boolean;
}

/** The shell's side of the referral id: what remotes see, plus storing a `ref` met on a client-side navigation. */
export interface ReferralSource extends HostReferral {
  remember(ref: string): void;
  /** Consent was given: the `ref` remembered in memory goes to the cookie. */
  consentGiven(): void;
}

/** The cookie as web sets it: Path=/, SameSite=Lax, Secure on an https site; `maxAge` 0 deletes it. */
function referralCookie(value: string, maxAge: number, secure: boolean): string {
  return `${REFERRAL_COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function referralSource(inputs: ReferralInputs): ReferralSource {
  let dropped: string | undefined;
  let pending: string | undefined;
  const allowed = () => (inputs.allowed ? inputs.allowed() : true);
  const write = (ref: string) => inputs.writeCookie(referralCookie(ref, REFERRAL_COOKIE_MAX_AGE_S, inputs.isHttps()));
  return {
    get: () => {
      if (inputs.isAuthorised()) return undefined;
      const id = inputs.readCookie() || inputs.queryRef() || pending || undefined;
      return id === dropped ? undefined : id;
    },
    clear: () => {
      dropped = inputs.readCookie() || inputs.queryRef() || pending || undefined;
      pending = undefined;
      inputs.writeCookie(referralCookie('', 0, inputs.isHttps()));
    },
    remember: (ref) => {
      if (!ref || ref === dropped || inputs.isAuthorised()) return;
      pending = ref;
      if (allowed() && inputs.readCookie() !== ref) write(ref);
    },
    consentGiven: () => {
      if (pending && pending !== dropped && !inputs.isAuthorised() && allowed() && !inputs.readCookie()) write(pending);
    },
  };
}

interface LocationLike {
  search: string;
}

/**
 * Stores the `ref` of every client-side navigation (web stored the landing's with the document). Returns the
 * unsubscribe function.
 */
export function followReferral(
  router: { state: { location: LocationLike }; subscribe(listener: (state: { location: LocationLike }) => void): () => void },
  referral: Pick<ReferralSource, 'remember'>,
): () => void {
  let last = router.state.location.search;
  // issue 24: the landing's `ref` too (web stored it only with consent; without, it is kept for this visit in memory)
  const landing = new URLSearchParams(last).get('ref');
  if (landing) referral.remember(landing);
  return router.subscribe(({ location }) => {
    if (location.search === last) return;
    last = location.search;
    const ref = new URLSearchParams(location.search).get('ref');
    if (ref) referral.remember(ref);
  });
}
