// Bearer-token check in constant time: both sides are hashed first, so neither the token's content nor its length
// leaks through how long a comparison takes.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether an Authorization header carries exactly `Bearer <expected>`. */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  const presented = match?.[1] ?? '';
  // always compare (even with nothing presented) so the two outcomes take the same time
  const equal = timingSafeEqual(digest(presented), digest(expected));
  return match !== null && equal;
}
