// TRUST_PROXY (DESIGN.md "Behind web"): which proxy hops may tell the api the client's address through
// X-Forwarded-For (and the protocol and host through X-Forwarded-Proto/Host). request.ip is the address just
// before the first untrusted hop, so every per-client limit keys on what the nearest trusted proxy saw.
import { isIP } from 'node:net';

/** Names proxy-addr (Fastify's trustProxy) understands. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `loopback` (default: web runs on the same machine), `10.0.0.0/8,loopback`, a hop count such as `2`, or
 * `none` when the api faces clients directly. Trusting every hop (`true`, `*`) is refused: any client could
 * then choose its own address and walk around every per-address limit.
 */
export function parseTrustProxy(value: string): string[] | number {
  const v = value.trim();
  if (v === 'none' || v === '0') return [];
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true' || v === '*') {
    throw new Error('TRUST_PROXY: trusting every hop lets any client choose its own address; list the proxy addresses or give a hop count');
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length || entries.length === 0) {
    throw new Error(`TRUST_PROXY: not an address, CIDR or hop count: ${bad.join(', ') || '(empty)'}`);
  }
  return entries;
}

/**
 * The value for Fastify's `trustProxy`. A hop count trusts the nearest n hops whoever they are (Fastify 5 now
 * refuses a bare number, as the first hop cannot be checked): only for an api that no client reaches directly.
 */
export function trustProxyOption(trust: string[] | number): string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
