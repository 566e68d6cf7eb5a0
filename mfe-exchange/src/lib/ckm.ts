// §4 email-confirmation mode: A asks unless already confirmed locally, B asks only for a referral visit
// (else the account email is used), D never asks; signed-in users skip the prompt (their account email is used).
// "Asking" is the email field and, for a typed email (the email is optional, §5), the shell's code dialog
// before the order is created.
import type { Ckm } from 'shared-contracts';

export interface CkmContext {
  isAuthorised: boolean;
  /** The visit came with a referral id. */
  isReferralVisit: boolean;
}

/** Whether this visitor is asked for an email on this pair. */
export function asksForEmail(ckm: Ckm | undefined, ctx: CkmContext): boolean {
  if (ctx.isAuthorised) return false;
  switch (ckm) {
    case 'A':
      return true;
    case 'B':
      return ctx.isReferralVisit;
    default:
      return false;
  }
}

/**
 * Whether `email` must be confirmed with a mailed code before the order: the visitor was asked, typed one,
 * and this browser has not confirmed that email before (a referral visit under B is not asked twice either).
 */
export function mustConfirmEmail(ckm: Ckm | undefined, ctx: CkmContext & { email: string; confirmedLocally: boolean }): boolean {
  return asksForEmail(ckm, ctx) && ctx.email !== '' && !ctx.confirmedLocally;
}

/** §5: local part, @, domain and a top-level part of at least 2 letters; input sanitised. */
export function sanitiseEmail(raw: string): string {
  return raw.replace(/[\s<>"'`]/g, '');
}
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(email);
}

/** Emails compare without case (the api stores them lower-cased). */
export function sameEmail(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
