// §2 `/exchange-{from}-{to}`: codes are the instruments' slugs, lower-cased.
export function pairPath(fromSlug: string, toSlug: string): string {
  return `/exchange-${fromSlug.toLowerCase()}-${toSlug.toLowerCase()}`;
}

export function parsePairSegment(segment: string): { from: string; to: string } | null {
  const m = /^exchange-([a-z0-9]+)-([a-z0-9]+)$/.exec(segment);
  return m ? { from: m[1], to: m[2] } : null;
}
