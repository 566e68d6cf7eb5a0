// §7 create: the §5 rules, the §8 errors, and Idempotency-Key replays (idempotency.ts). A fiat sender is a card
// purchase (§4 card flow): signed-in accounts only, KYC from the no-KYC threshold up, paid on the provider's page.
import { randomUUID } from 'node:crypto';
import { ApiError, checkMemo, type CreateOrderBody, MAX_SLIPPAGE, type Order, type PairData } from 'shared-contracts/server';
import type { ProviderAdapter } from '../../adapters/provider/types';
import type { OrderRow } from '../../db/schema';
import { D, money } from '../../lib/decimal';
import type { InstrumentRecord } from '../instruments';
import { blacklisted, invalid, type OrderContext } from './context';
import { expiredBefore, intentHash, type IdempotencyScope } from './idempotency';
import type { OrderPresentation } from './presentation';
import { IdempotencyKeyTaken, isUniqueViolation, type OrderInsert } from './repo';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

export interface CreateOptions {
  /** Idempotency-Key and its owner (idempotency.ts): a retry within 24 h answers with the same order. */
  idempotency?: IdempotencyScope;
  /** The signed-in user (auth 'optional'); their orders join their history (orders.user_id, 0003). */
  account?: { userId: number; email: string } | null;
  /** Issue 11: created through the partner API with this key; its owner's referrer id earns the commission. */
  partner?: { apiKeyId: string; referrerId: string | null };
  /** Issue 14: the creating request's id (x-request-id), stored so the order job's log lines carry it. */
  requestId?: string;
}

/** §5 refund address for the send side: different from the destination, valid, a memo only where one is taken. */
export function checkRefundAddress(ctx: OrderContext, from: InstrumentRecord, address: string, memo: string | null, destination: string): void {
  if (address === destination) throw invalid('refundAddress', 'must differ from the destination address');
  if (!ctx.deps.validateAddress(from.currencyTitle, from.networkTitle, address)) {
    throw invalid('refundAddress', `not a valid ${from.currencyTitle} ${from.networkTitle} address`);
  }
  if (memo && !from.public.requiresMemo) throw invalid('refundAddressMemo', `${from.currencyTitle} ${from.networkTitle} takes no memo`);
  checkNetworkMemo(from, memo, 'refundAddressMemo');
}

/** §5 a memo / destination tag follows its network's rule (shared-contracts memo.ts, the form applies the same). */
function checkNetworkMemo(instrument: InstrumentRecord, memo: string | null, field: 'destinationAddressMemo' | 'refundAddressMemo'): void {
  const refusal = memo ? checkMemo(instrument.networkTitle, memo) : null;
  if (refusal) throw invalid(field, `${instrument.currencyTitle} ${instrument.networkTitle}: ${refusal.message}`);
}

/**
 * Issue 29: a FLOATING order's maximum slippage, the default when none is asked for; a FIXED order has none (its rate is
 * agreed, and its own problem checks apply), so one sent with it is refused rather than ignored.
 */
function maxSlippageOf(body: CreateOrderBody): string | null {
  const asked = body.maxSlippage;
  if (body.rateMode === 'FIXED') {
    if (asked !== undefined) throw invalid('maxSlippage', 'only accepted for a floating-rate order');
    return null;
  }
  if (asked === undefined) return MAX_SLIPPAGE.default;
  const value = new D(asked);
  if (value.lt(MAX_SLIPPAGE.min) || value.gt(MAX_SLIPPAGE.max) || value.decimalPlaces() > 4) {
    throw invalid('maxSlippage', `must be from ${MAX_SLIPPAGE.min} to ${MAX_SLIPPAGE.max} with at most 4 decimals (a fraction: 0.01 is 1 %)`);
  }
  return money(value);
}

interface CardPurchase {
  provider: ProviderAdapter;
  userId: number;
}

export function createOrderCreation(ctx: OrderContext, { load, publishedNew }: OrderPresentation) {
  const { deps, repo, now } = ctx;

  /**
   * Who the order is attributed to (issue 11, §5): the partner key's owner; for a signed-in customer, the referrer the
   * account registered with (a referral id in the request is not theirs to apply: a later click on another affiliate's
   * link changes nothing); for a guest, the referrer named in the request (the query id or the stored `referralID`),
   * which must be a known affiliate. Nobody is their own referrer.
   */
  async function attribution(body: CreateOrderBody, account: CreateOptions['account'], partner: CreateOptions['partner']): Promise<string | null> {
    if (partner) return partner.referrerId;
    if (account) {
      const registeredWith = (await deps.referrers?.referrerOfAccount?.(account.userId)) ?? null;
      if (registeredWith && (await deps.referrers?.ownerOf?.(registeredWith)) === account.userId) return null;
      return registeredWith;
    }
    // §5: referral links may be switched off (REFERRALS_ENABLED=false): a guest's referral id is then ignored.
    if (deps.config.referralsEnabled === false) return null;
    // §8: an unknown referrer → ERR_NOT_FOUND naming referrerAffiliateId (the client then drops it).
    const named = body.referrerId || null;
    if (named && !(await deps.referrers?.exists(named))) {
      throw ApiError.of('ERR_NOT_FOUND', `referrerAffiliateId ${named} not found`);
    }
    return named;
  }

  /** Who may buy with a card, and through which provider (§4 card flow, §6). */
  function cardPurchase(from: InstrumentRecord, account: CreateOptions['account'], partner: CreateOptions['partner']): CardPurchase {
    // The partner API has no signed-in account to check KYC for or to pay as.
    if (partner) throw ApiError.of('ERR_NOT_ACCEPTABLE', 'Card purchases are not available through the partner API');
    const provider = ctx.cardProvider(from);
    if (!provider) throw ApiError.of('ERR_NOT_ACCEPTABLE', `Card purchases with ${from.currencyTitle} are not available`);
    // §4: not signed in → the register dialog.
    if (!account) throw ApiError.of('ERR_FORBIDDEN', 'Sign in to buy with a card', { details: { reason: 'SIGN_IN_REQUIRED' } });
    return { provider, userId: account.userId };
  }

  /**
   * §4: an amount at or above the pair's noKycThreshold needs the account's KYC COMPLETED with the provider; the message
   * starts the client's KYC flow. Returns when KYC was verified (null: below the threshold, not asked).
   */
  async function kycGate(provider: ProviderAdapter, userId: number, amount: D, noKycThreshold: string): Promise<Date | null> {
    const threshold = new D(noKycThreshold);
    // A non-positive threshold means "none", as in guardrails.ts.
    if (threshold.lte(0) || amount.lt(threshold)) return null;
    if (!(await provider.kycComplete(userId))) {
      throw ApiError.of('ERR_FORBIDDEN', 'KYC verification is needed for a card purchase of this amount', { details: { reason: 'KYC_REQUIRED' } });
    }
    return now();
  }

  /** The card payment of a new order (after the KYC rule): its provider, id, page (Order.redirectUrl) and status. */
  async function startCardPayment(card: CardPurchase, orderId: string, from: InstrumentRecord, pair: PairData): Promise<Partial<OrderInsert>> {
    const kycVerifiedAt = await kycGate(card.provider, card.userId, new D(pair.claimedDepositAmount), pair.noKycThreshold);
    const p = await card.provider.createPayment({ orderId, userId: card.userId, amount: pair.claimedDepositAmount, currency: from.currencyTitle });
    return {
      paymentProvider: card.provider.name,
      paymentId: p.paymentId,
      paymentRedirectUrl: p.redirectUrl,
      paymentStatus: p.status,
      paymentDeclineReason: p.reason,
      kycVerifiedAt,
    };
  }

  return async function create(body: CreateOrderBody, { idempotency, account, partner, requestId }: CreateOptions = {}): Promise<Order> {
    if (idempotency && !IDEMPOTENCY_KEY.test(idempotency.key)) {
      throw ApiError.of('ERR_VALIDATION', 'Invalid Idempotency-Key header: 1–128 printable ASCII characters', { fields: { 'Idempotency-Key': 'invalid' } });
    }
    const from = ctx.resolve(body.instrumentFrom, 'instrumentFrom');
    const to = ctx.resolve(body.instrumentTo, 'instrumentTo');
    // §3 Exchange request: the amount is in the send currency unless claimedDepositAmountCurrency names the receive one.
    const amountCurrency = body.claimedDepositAmountCurrency;
    if (amountCurrency && amountCurrency !== from.slug && amountCurrency !== to.slug) {
      throw invalid('claimedDepositAmountCurrency', 'must be the slug of instrumentFrom or instrumentTo');
    }
    const side = amountCurrency === to.slug ? 'receive' : 'send';
    const amount = new D(body.claimedDepositAmount);
    if (amount.lte(0)) throw invalid('claimedDepositAmount', 'must be greater than 0');

    // A retry is recognised by the order's intent, never by the quote fields a client refreshes before retrying (§7 200 s).
    const requestHash = intentHash({ from: from.slug, to: to.slug, amount, side, body });
    const replay = async (existing: { row: OrderRow; requestHash: string }): Promise<Order> => {
      if (existing.requestHash !== requestHash) {
        throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Idempotency-Key was already used with a different request');
      }
      return load(existing.row);
    };
    if (idempotency) {
      const existing = await repo.byIdempotencyKey(idempotency, expiredBefore(now()));
      if (existing) return replay(existing);
    }

    // A fiat sender is a card purchase (§1, §4 card flow): paid on the card provider's page, not into a deposit address.
    const card = from.isFiat ? cardPurchase(from, account, partner) : null;

    const destination = body.destinationAddress;
    const refundAddress = body.refundAddress || undefined;
    if ([destination, refundAddress].some((a) => a && ctx.isBlacklisted(a))) throw blacklisted();
    // §5 destination: validated for the receive currency and network.
    if (!deps.validateAddress(to.currencyTitle, to.networkTitle, destination)) {
      throw invalid('destinationAddress', `not a valid ${to.currencyTitle} ${to.networkTitle} address`);
    }
    // §5 memo: only when the receive instrument requires one (may be empty: the no-memo box).
    const memo = body.destinationAddressMemo || null;
    if (memo && !to.public.requiresMemo) throw invalid('destinationAddressMemo', `${to.currencyTitle} ${to.networkTitle} takes no memo`);
    checkNetworkMemo(to, memo, 'destinationAddressMemo');
    // §5 refund address: FIXED only; required, different from the destination, valid for the send side. A card
    // purchase takes none: a refund goes back to the card.
    const refundMemo = body.refundAddressMemo || null;
    if (card) {
      if (refundAddress || refundMemo) throw invalid('refundAddress', 'not taken for a card purchase: a refund goes back to the card');
    } else if (body.rateMode === 'FIXED') {
      if (!refundAddress) throw invalid('refundAddress', 'required for a fixed-rate order');
      checkRefundAddress(ctx, from, refundAddress, refundMemo, destination);
    } else if (refundAddress || refundMemo) {
      throw invalid('refundAddress', 'only accepted for a fixed-rate order');
    }
    const maxSlippage = maxSlippageOf(body);
    const referrerId = await attribution(body, account, partner);

    // Limits, price, fees and rounding exactly as the rate endpoint quotes them (one rule, §9): the deposit asked for is
    // rounded up to the send coin's unit (a card is charged in cents), the amount promised down to the receive coin's.
    const pair = deps.quote({
      instrumentFromSlug: from.slug,
      instrumentToSlug: to.slug,
      claimedDepositAmount: money(amount),
      ...(side === 'receive' ? { claimedDepositAmountCurrency: to.slug } : {}),
      rateMode: body.rateMode,
    });

    const orderId = randomUUID();
    // Where the money comes in: the card provider's payment page, or a deposit address on the send network.
    const intake: Partial<OrderInsert> = card
      ? await startCardPayment(card, orderId, from, pair)
      : await deps.custody
          .depositAddress(orderId, from)
          .then((d) => ({ depositAddress: d.address, depositAddressMemo: d.memo, depositDerivationIndex: d.derivationIndex ?? null }));
    const t = now();
    try {
      const created = await repo.insert(
        {
          orderId,
          fromSlug: from.slug,
          toSlug: to.slug,
          rateMode: body.rateMode,
          claimedDepositAmount: pair.claimedDepositAmount,
          amountToGet: pair.amountToGet,
          claimedAmountToReceive: pair.amountToGet,
          price: pair.price,
          marketPrice: pair.marketLeftPrice,
          quoteUpdatedAt: new Date(pair.updatedAt),
          networkFee: pair.finalNetworkFeeAmount,
          platformFee: pair.platformFee_Absolute,
          ...intake,
          destinationAddress: destination,
          destinationAddressMemo: memo,
          refundAddress: body.rateMode === 'FIXED' ? refundAddress : null,
          refundAddressMemo: body.rateMode === 'FIXED' ? refundMemo : null,
          maxSlippage,
          // §4 ckm: signed-in users skip the email prompt; their account email is used.
          userEmail: account?.email ?? (body.userEmail || null),
          referrerId,
          apiKeyId: partner?.apiKeyId ?? null,
          legacyOrderId: body.legacyOrderId || null,
          requestId: requestId ?? null,
          utmData: body.utmData ?? null,
          browserFingerprint: body.browserFingerprint || null,
          status: 'AWAITING_DEPOSIT',
          requiredConfirmations: from.requiredConfirmations,
          fixedRateExpiresAt: pair.fixedRateExpiresAt ? new Date(pair.fixedRateExpiresAt) : null,
          idempotencyKey: idempotency?.key ?? null,
          requestHash,
          createdAt: t,
          updatedAt: t,
        },
        [{ kind: 'CREATION_END' }],
        t,
        account?.userId,
        idempotency && { ...idempotency, requestHash, expiredBefore: expiredBefore(t) },
      );
      // The order as its insert wrote it: the answer needs no read-back (issue 14 bench: order create at 200/s).
      return await publishedNew(created.row, created.events);
    } catch (err) {
      // The same owner's key raced in from a retry: answer with the order that won.
      if (idempotency && (err instanceof IdempotencyKeyTaken || isUniqueViolation(err))) {
        const existing = await repo.byIdempotencyKey(idempotency, expiredBefore(t));
        if (existing) return replay(existing);
      }
      throw err;
    }
  };
}
