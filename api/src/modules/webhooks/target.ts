// Where a webhook may point: an https URL (http too when private targets are allowed: development and tests) on a
// public address. The address is checked at registration and again on every delivery, after DNS resolution and
// by the connection's own lookup, so a name that later resolves inside our network is refused (no SSRF).
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ApiError } from 'shared-contracts/server';

/** Only globally routable unicast: loopback, private, link-local, CGNAT, unique-local, mapped/embedded forms are not. */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'unicast';
}

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

const invalidUrl = (problem: string) => ApiError.of('ERR_VALIDATION', `Invalid url: ${problem}`, { fields: { url: problem } });

/** The URL as it will be called; ERR_VALIDATION when it may not be a webhook target. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean, lookup = dns.promises.lookup): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw invalidUrl('must be an https:// URL');
  if (url.username || url.password) throw invalidUrl('must not carry credentials');
  if (allowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw invalidUrl(`host ${host} does not resolve`);
    }
  }
  if (!addresses.length || !addresses.every(isPublicAddress)) throw invalidUrl('must point to a public address');
  return url.toString();
}

/** A connection lookup that refuses non-public addresses (unless allowed): used for every delivery. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, options, (err, address, family) => {
      if (err) return callback(err, address as never, family);
      const list = Array.isArray(address) ? address.map((a) => a.address) : [address];
      if (!allowPrivate && !list.every(isPublicAddress)) return callback(new TargetRefused('target address is not public'), address as never, family);
      callback(null, address as never, family);
    });
  };
}

/** The same refusal for a URL whose host is an IP literal (no lookup happens for those). */
export function refuseLiteralTarget(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw new TargetRefused('target address is not public');
}
