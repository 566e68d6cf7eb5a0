// Idempotency-Key of order create (issue 7): a key belongs to its owner and lives 24 h, so one visitor's
// key can neither replay nor block another visitor's order, and an old key makes a new order again.
import { createHash } from 'node:crypto';

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The key and who sent it; (owner, key) is unique among live keys (order_idempotency_keys). */
export interface IdempotencyScope {
  key: string;
  owner: string;
}

export interface KeySender {
  /** The signed-in account, if any. */
  userId?: number | null;
  /** A guest's visitor id: the body's browserFingerprint, else the u_id cookie (§1, §6). */
  visitorId?: string | null;
  /** The client address (request.ip, after proxy trust). */
  ip: string;
}

/**
 * The account for a signed-in user; else the guest's visitor id together with the client address (the
 * visitor id alone is chosen by the client, the address alone is shared behind a NAT). Guests are stored
 * as a hash: the key table keeps no addresses.
 */
export function idempotencyOwner(sender: KeySender): string {
  if (typeof sender.userId === 'number') return `user:${sender.userId}`;
  return `guest:${createHash('sha256')
    .update(JSON.stringify([sender.visitorId || '', sender.ip]))
    .digest('hex')}`;
}

/** Claims made at or before this instant have expired. */
export const expiredBefore = (now: Date): Date => new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
