// §2 path normalisation (301): `/ua/…` → `/uk/…`, repeated slashes collapse, a trailing slash is removed
// except on the root; the pair page's codes are lower-cased (`/exchange-BTC-ETH` → `/exchange-btc-eth`). Query (and
// hash, when present) are kept.
import { LOCALE_PATH_MAP } from 'shared-contracts';
import { lowerCasedPairPath } from 'shell/for-web';

/** Returns the normalised URL, or null when `url` (path + query) is already normal. */
export function normaliseUrl(url: string): string | null {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const query = queryAt >= 0 ? beforeHash.slice(queryAt) : '';

  let next = path.replace(/\/{2,}/g, '/');
  for (const [from, to] of Object.entries(LOCALE_PATH_MAP)) {
    if (next === `/${from}` || next.startsWith(`/${from}/`)) next = `/${to}${next.slice(from.length + 1)}`;
  }
  if (next.length > 1 && next.endsWith('/')) next = next.replace(/\/+$/, '') || '/';
  if (next === '') next = '/';
  next = lowerCasedPairPath(next) ?? next;
  return next === path ? null : `${next}${query}${hash}`;
}
