// The IP allow-list of an API key: IPv4/IPv6 addresses and CIDR ranges (§3 whiteListIp; empty = any address).
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ApiError } from 'shared-contracts/server';

/** The entries as stored: trimmed, addresses and ranges in their canonical form, no duplicates; a bad entry → ERR_VALIDATION naming it. */
export function normaliseAllowList(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const [i, raw] of entries.entries()) {
    const entry = raw.trim();
    const canonical = canonicalEntry(entry);
    if (!canonical) {
      throw ApiError.of('ERR_VALIDATION', `Invalid whiteListIp entry ${JSON.stringify(entry)}: not an IPv4/IPv6 address or CIDR range`, {
        fields: { [`whiteListIp.${i}`]: 'not an IP address or CIDR range' },
      });
    }
    if (!out.includes(canonical)) out.push(canonical);
  }
  return out;
}

function canonicalEntry(entry: string): string | null {
  if (entry.includes('/')) {
    const [addr, bits] = entry.split('/');
    if (!/^\d{1,3}$/.test(bits ?? '') || !isIP(addr)) return null;
    try {
      const [range, prefix] = ipaddr.parseCIDR(entry);
      return `${range.toString()}/${prefix}`;
    } catch {
      return null;
    }
  }
  // node:net is strict (no `1` or `0x7f.1` shorthands); ipaddr.js canonicalises.
  if (!isIP(entry)) return null;
  // IPv4-mapped IPv6 (::ffff:1.2.3.4) is kept as the IPv4 address it names.
  return ipaddr.process(entry).toString();
}

/** Whether the client address may use a key with this allow-list. */
export function allowListPermits(allowList: readonly string[], clientIp: string): boolean {
  if (allowList.length === 0) return true;
  if (!ipaddr.isValid(clientIp)) return false;
  const client = ipaddr.process(clientIp);
  return allowList.some((entry) => {
    try {
      if (!entry.includes('/')) return ipaddr.process(entry).toString() === client.toString();
      const [range, prefix] = ipaddr.parseCIDR(entry);
      return range.kind() === client.kind() && client.match(range, prefix);
    } catch {
      return false;
    }
  });
}
