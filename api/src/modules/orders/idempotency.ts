// Idempotency-Key of order create (issue 7): a key belongs to its owner and lives 24 h, so one visitor's
// key can neither replay nor block another visitor's order, and an old key makes a new order again.
import { createHash } from 'node:crypto';
import type Decimal from 'decimal.js';
import type { CreateOrderBody } from 'shared-contracts/server';
import { D } from '../../lib/decimal';

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

/** What a create asks for, as the order's intent (issue 23): the parts of the body a retry must repeat. */
interface OrderIntent {
  from: string;
  to: string;
  /** claimedDepositAmount as a value: "0.050" and "0.05" are one amount. */
  amount: Decimal;
  /** Which side the amount was entered on (§3 Exchange request claimedDepositAmountCurrency). */
  side: 'send' | 'receive';
  body: Pick<
    CreateOrderBody,
    | 'rateMode'
    | 'destinationAddress'
    | 'destinationAddressMemo'
    | 'refundAddress'
    | 'refundAddressMemo'
    | 'userEmail'
    | 'referrerId'
    | 'legacyOrderId'
    | 'maxSlippage'
  >;
}

/**
 * The request hash an Idempotency-Key is bound to: the order's intent — pair, rate mode, the amount and its side,
 * addresses and memos, email, referral — compared as values. Never the quote fields (claimedPublicRate,
 * claimedNetworkFee) or utmData / browserFingerprint, which a client refreshes when it re-quotes before retrying a
 * create whose answer was lost (§7 200 s timeout): the retry then still answers the original order.
 */
export function intentHash({ from, to, amount, side, body }: OrderIntent): string {
  const text = (v: string | undefined) => v?.trim() || null;
  const intent = [
    'order-intent/1',
    from,
    to,
    body.rateMode,
    amount.toFixed(),
    side,
    text(body.destinationAddress),
    text(body.destinationAddressMemo),
    text(body.refundAddress),
    text(body.refundAddressMemo),
    text(body.userEmail)?.toLowerCase() ?? null,
    text(body.referrerId),
    text(body.legacyOrderId),
    // issue 29: only when asked for, so the hashes of keys claimed before it stay the same (as a value: "0.010" is "0.01")
    ...(body.maxSlippage === undefined ? [] : [`maxSlippage:${new D(body.maxSlippage).toFixed()}`]),
  ];
  return createHash('sha256').update(JSON.stringify(intent)).digest('hex');
}

/** Claims made at or before this instant have expired. */
export const expiredBefore = (now: Date): Date => new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
