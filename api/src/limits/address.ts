import ipaddr from 'ipaddr.js';

/**
 * The key a client address is counted under: IPv4 (also when mapped into IPv6) as is, IPv6 by its /64, which
 * one subscriber usually holds whole (counting single IPv6 addresses would give each of them 2^64 budgets).
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${(addr as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}
