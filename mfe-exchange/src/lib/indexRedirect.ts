// §2 index redirect: `/?cur_from=…&cur_to=…&<partner param>=…` → the pair page with `ref`, currencies matched
// by bestChangeName; an unknown currency (or any error) → the localised home page.
import { pairPath, type Instrument } from 'shared-contracts';

export interface IndexRedirectQuery {
  curFrom: string;
  curTo: string;
  referral: string;
}

/** The redirect parameters, or null when the query does not ask for one. */
export function readIndexRedirect(query: URLSearchParams, partnerReferralParam: string): IndexRedirectQuery | null {
  const curFrom = query.get('cur_from');
  const curTo = query.get('cur_to');
  const referral = query.get(partnerReferralParam);
  if (!curFrom || !curTo || !referral) return null;
  return { curFrom, curTo, referral };
}

/** The target path (without locale prefix). */
export function indexRedirectTarget(request: IndexRedirectQuery, instruments: readonly Instrument[]): string {
  const find = (name: string) => instruments.find((i) => i.bestChangeName.toLowerCase() === name.trim().toLowerCase());
  const from = find(request.curFrom);
  const to = find(request.curTo);
  if (!from || !to) return '/';
  return pairPath(from.slug, to.slug, { ref: request.referral });
}
