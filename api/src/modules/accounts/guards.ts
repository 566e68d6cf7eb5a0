// Guards other modules call in their handlers (issue 24): a confirmed email before API keys, webhooks, a referral
// relation or a withdrawal take effect, and a recent proof of the credentials (step-up) before withdrawals and key
// creation. Both read what the authentication hook put on `request.user` for the request (its session's
// authenticatedAt comes from the database on every request, so a step-up takes effect at once on every replica).
import { ApiError } from 'shared-contracts/server';
import type { AuthUser } from './authenticate';

/** How long a sign-in or a step-up counts as recent: 15 minutes. */
export const STEP_UP_WINDOW_SECONDS = 900;

/** The signed-in user (throws 401 when none: the route's auth should have been 'user'). */
function present(user: AuthUser | null | undefined): AuthUser {
  if (!user) throw ApiError.of('ERR_UNAUTHORIZED', 'Sign in required', { details: { reason: 'NO_SESSION' } });
  return user;
}

/** 403 ERR_EMAIL_NOT_CONFIRMED unless the account's email is confirmed. Returns the user. */
export function requireConfirmedEmail(user: AuthUser | null | undefined): AuthUser {
  const u = present(user);
  if (!u.emailConfirmedAt) throw ApiError.of('ERR_EMAIL_NOT_CONFIRMED', 'Confirm your email first');
  return u;
}

/** When the session's step-up window ends: its last sign-in or step-up plus STEP_UP_WINDOW_SECONDS. */
export function stepUpUntil(user: Pick<AuthUser, 'authenticatedAt'>): Date {
  return new Date(user.authenticatedAt.getTime() + STEP_UP_WINDOW_SECONDS * 1000);
}

/**
 * 403 ERR_STEP_UP_REQUIRED unless the session signed in or stepped up within the last STEP_UP_WINDOW_SECONDS.
 * `nowMs`: the api's clock (tests move it); defaults to the clock the request was authenticated with.
 */
export function requireStepUp(user: AuthUser | null | undefined, nowMs?: number): AuthUser {
  const u = present(user);
  const now = nowMs ?? u.authenticatedNow.getTime();
  if (now >= stepUpUntil(u).getTime()) {
    throw ApiError.of('ERR_STEP_UP_REQUIRED', 'Enter your password again to continue (the last sign-in was more than 15 minutes ago)', {
      details: { twoFactorRequired: u.twoFactorEnabled },
    });
  }
  return u;
}
