// §4 email-confirmation mode: A asks unless already confirmed locally, B asks only for a referral visit
// (else the account email is used), D never asks; signed-in users skip the prompt.
import type { Ckm } from 'shared-contracts';

export interface CkmContext {
  isAuthorised: boolean;
  /** An email was confirmed in this browser before (stored locally). */
  confirmedLocally: boolean;
  /** The visit came with a referral id. */
  isReferralVisit: boolean;
}

export function shouldAskEmail(ckm: Ckm | undefined, ctx: CkmContext): boolean {
  if (ctx.isAuthorised) return false;
  switch (ckm) {
    case 'A':
      return !ctx.confirmedLocally;
    case 'B':
      return ctx.isReferralVisit;
    default:
      return false;
  }
}

/** §5: local part, @, domain and a top-level part of at least 2 letters; input sanitised. */
export function sanitiseEmail(raw: string): string {
  return raw.replace(/[\s<>"'`]/g, '');
}
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(email);
}
