// The order service: creation (§5 rules, §8 errors), the public calls of §7, deposits, and the job steps
// that move orders along the lifecycle of lifecycle.ts. Every committed change is published on the bus
// (BUS_CHANNELS.orderEvent) so WebSocket subscribers of the order see it at once.
import { createHash, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  ApiError,
  CLAIMED_AMOUNT_DECIMALS,
  type CreateOrderBody,
  type InstrumentRef,
  type Order,
  type PairData,
  type RefundInfo,
  type ExchangeRequest,
  type LatestOrderSchema,
  type PublicStatsSchema,
} from 'shared-contracts/server';
import type { z } from 'zod';
import type { CustodyAdapter } from '../../adapters/custody/types';
import { BUS_CHANNELS, type MessageBus } from '../../bus/types';
import type { Config } from '../../config';
import type { OrderRow } from '../../db/schema';
import { D, money, rate } from '../../lib/decimal';
import type { PriceBoard } from '../../realtime/types';
import type { InstrumentRecord, InstrumentRepo } from '../instruments/repo';
import type { ValidateAddress } from '../instruments/validateAddress';
import { depositHold } from './guardrails';
import { expiredBefore, type IdempotencyScope } from './idempotency';
import { NEXT_STEPS, REASONS, type NewOrderEvent, type OrderStatus } from './lifecycle';
import { IdempotencyKeyTaken, isUniqueViolation, type OrderEventRow, type OrderRepo, type Transition } from './repo';

/** Who may be named as referrer (the affiliates module answers; §8 "referrerAffiliateId" not found). */
export interface ReferrerDirectory {
  exists(referrerId: string): Promise<boolean>;
}

export type OrdersConfig = Pick<
  Config,
  'spread' | 'confirmationIntervalMs' | 'fixedRateVolatilityThreshold' | 'blacklistedAddresses'
>;

export interface OrderServiceDeps {
  repo: OrderRepo;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  quote: (request: ExchangeRequest) => PairData;
  validateAddress: ValidateAddress;
  custody: CustodyAdapter;
  bus?: MessageBus;
  referrers?: ReferrerDirectory;
  config: OrdersConfig;
  now?: () => Date;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

type LatestOrder = z.infer<typeof LatestOrderSchema>;
type PublicStats = z.infer<typeof PublicStatsSchema>;

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;
/** A payout or refund left half-done (process died between the two compare-and-sets) is retried after this. */
const STUCK_PAYOUT_AFTER_MS = 30_000;
const BATCH = 50;

const notFoundE = () => ApiError.of('ERR_NOT_FOUND_E', 'Order not found');
const invalid = (field: string, message: string) => ApiError.of('ERR_VALIDATION', `Invalid body.${field}: ${message}`, { fields: { [field]: message } });
const wrongState = (row: OrderRow, action: string) =>
  ApiError.of('ERR_UNPROCESSABLE_ENTITY', `Order ${row.orderId} cannot ${action} in state ${row.status}`, { details: { status: row.status } });

export interface CreateOptions {
  /** Idempotency-Key and its owner (idempotency.ts): a retry within 24 h answers with the same order. */
  idempotency?: IdempotencyScope;
  /** The signed-in user (auth 'optional'); their orders join their history (orders.user_id, 0003). */
  account?: { userId: number; email: string } | null;
}

export interface RefundRequest {
  orderId: string;
  destinationAddress: string;
  refundAddress: string;
  /** Only for an order on hold without a refund address, where the send network takes a memo. */
  refundAddressMemo?: string;
  refundAmount: string;
  claimedNetworkFee: string;
}

/** Held once (ON_HOLD, or refunded since): such an order can be refunded whatever its rate mode. */
const wasHeld = (row: OrderRow) => row.holdReason !== null;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const m = (v: string | null | undefined) => (v === null || v === undefined ? null : money(v));

export function createOrderService(deps: OrderServiceDeps) {
  const { repo, instruments, priceBoard, custody, config } = deps;
  const now = deps.now ?? (() => new Date());
  const floatingSpread = new D(config.spread.FLOATING);
  const volatilityThreshold = new D(config.fixedRateVolatilityThreshold);
  const blacklist = new Set(config.blacklistedAddresses.map((a) => a.toLowerCase()));
  const log = deps.log ?? { warn: () => undefined, error: (obj: unknown, msg?: string) => console.error(msg, obj) };

  const instrument = (slug: string): InstrumentRecord => {
    const i = instruments.bySlug(slug);
    if (!i) throw new Error(`order references unknown instrument ${slug}`);
    return i;
  };
  const ref = (i: InstrumentRecord): InstrumentRef => ({ currencyTitle: i.currencyTitle, networkTitle: i.networkTitle, slug: i.slug });
  const resolve = (r: InstrumentRef, field: string): InstrumentRecord => {
    const i = instruments.byTitles(r.currencyTitle, r.networkTitle);
    if (!i || (r.slug && r.slug !== i.slug)) throw ApiError.of('ERR_NOT_FOUND', `${field}: instrument ${r.currencyTitle} on ${r.networkTitle} not found`);
    return i;
  };

  // ── Order as sent to clients (§3 Order) ───────────────────────────────────────────────
  function toOrder(row: OrderRow, events: OrderEventRow[]): Order {
    const from = instrument(row.fromSlug);
    const to = instrument(row.toSlug);
    const price = new D(row.price);
    return {
      orderId: row.orderId,
      orderEvents: events.map((e) => ({
        kind: e.kind as Order['orderEvents'][number]['kind'],
        createdAt: e.createdAt.toISOString(),
        ...(e.reason ? { reason: e.reason } : {}),
        ...(e.nextStep ? { nextStep: e.nextStep } : {}),
      })),
      orderDetails: {
        depositAddress: row.depositAddress ?? '',
        depositAddressMemo: row.depositAddressMemo,
        requiredConfirmations: row.requiredConfirmations,
        confirmations: row.confirmations,
        depositTxHash: row.depositTxHash,
        payoutTxHash: row.payoutTxHash,
        fixedRateExpiresAt: iso(row.fixedRateExpiresAt),
        secondsPerConfirmation: custody.secondsPerConfirmation(from),
        offeredRate:
          row.offeredPrice && row.offeredAmountToGet && row.offeredAt
            ? { price: rate(row.offeredPrice), amountToGet: money(row.offeredAmountToGet), updatedAt: row.offeredAt.toISOString() }
            : null,
        refundAmount: m(row.refundAmount),
        refundTxHash: row.refundTxHash,
        depositLimit: m(row.depositLimit),
      },
      pair: { instrumentFrom: ref(from), instrumentTo: ref(to) },
      claimedDepositAmount: money(row.claimedDepositAmount),
      claimedPublicRate: {
        price: rate(price),
        finalNetworkFeeAmount: money(row.networkFee),
        platformFee_Absolute: money(row.platformFee),
        quotes: { buyQuote: { quoteValue: rate(price) }, sellQuote: { quoteValue: price.isZero() ? '0' : rate(new D(1).div(price)) } },
        updatedAt: (row.quoteUpdatedAt ?? row.createdAt).toISOString(),
        claimedAmountToReceive: money(row.claimedAmountToReceive ?? row.amountToGet),
      },
      claimedNetworkFee: money(row.networkFee),
      deposits: row.depositAmount
        ? [{ amount: money(row.depositAmount), ...(row.depositTxHash ? { txHash: row.depositTxHash } : {}), ...(row.depositAt ? { createdAt: row.depositAt.toISOString() } : {}) }]
        : [],
      withdrawals:
        row.payoutAmount && row.payoutTxHash
          ? [{ amount: money(row.payoutAmount), txHash: row.payoutTxHash, ...(row.completedAt ? { createdAt: row.completedAt.toISOString() } : {}) }]
          : [],
      amountToGet: money(row.payoutAmount ?? row.amountToGet),
      createdAt: row.createdAt.toISOString(),
      userEmail: row.userEmail,
      rateMode: row.rateMode,
      destinationAddress: row.destinationAddress,
      destinationAddressMemo: row.destinationAddressMemo,
      refundAddress: row.refundAddress,
      refundAddressMemo: row.refundAddressMemo,
      legacyOrderId: row.legacyOrderId,
      referrerId: row.referrerId,
      utmData: (row.utmData as Order['utmData']) ?? null,
      browserFingerprint: row.browserFingerprint,
      redirectUrl: null,
    };
  }

  /** The order as it is now, row and events from one snapshot. */
  const load = async (row: OrderRow): Promise<Order> => {
    const snap = await repo.snapshot(row.orderId);
    return snap ? toOrder(snap.row, snap.events) : toOrder(row, await repo.events(row.orderId));
  };

  /** Publishes the committed state; a bus failure never undoes or fails the transition. */
  async function published(row: OrderRow): Promise<Order> {
    const order = await load(row);
    if (deps.bus) {
      await deps.bus.publish(BUS_CHANNELS.orderEvent, JSON.stringify({ order })).catch((err) => log.warn({ err, orderId: row.orderId }, 'order event not published'));
    }
    return order;
  }

  // ── Pricing at execution time ─────────────────────────────────────────────────────────
  const usd = (i: InstrumentRecord): D => {
    const p = priceBoard.priceUsd(i.currencyTitle);
    if (!p || !p.isFinite() || p.lte(0)) throw ApiError.of('ERR_SERVICE_UNAVAILABLE', `No market price for ${i.currencyTitle}`);
    return new D(p);
  };
  const marketRate = (row: OrderRow): D => usd(instrument(row.fromSlug)).div(usd(instrument(row.toSlug)));
  /** The current floating rate for the amount actually deposited (same formula as rates/quote.ts). */
  function floatingFor(row: OrderRow): { price: D; amountToGet: D } {
    const to = instrument(row.toSlug);
    const price = marketRate(row).mul(new D(1).minus(floatingSpread));
    const gross = new D(row.depositAmount ?? row.claimedDepositAmount).mul(price);
    const dp = Math.min(to.precisionDecimals, CLAIMED_AMOUNT_DECIMALS);
    const amountToGet = D.max(0, gross.minus(row.networkFee).minus(row.platformFee)).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
    return { price, amountToGet };
  }

  function refundInfoOf(row: OrderRow): RefundInfo {
    if (row.refundAmount !== null && row.refundNetworkFee !== null) {
      return { refundAmountWithoutNetworkFee: money(row.refundAmount), networkFee: money(row.refundNetworkFee) };
    }
    const from = instrument(row.fromSlug);
    const base = new D(row.depositAmount ?? row.claimedDepositAmount);
    const dp = Math.min(from.precisionDecimals, CLAIMED_AMOUNT_DECIMALS);
    const net = D.max(0, base.minus(from.networkFee)).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
    return { refundAmountWithoutNetworkFee: money(net), networkFee: money(from.networkFee) };
  }

  // ── §7 create ─────────────────────────────────────────────────────────────────────────
  async function create(body: CreateOrderBody, { idempotency, account }: CreateOptions = {}): Promise<Order> {
    if (idempotency && !IDEMPOTENCY_KEY.test(idempotency.key)) {
      throw ApiError.of('ERR_VALIDATION', 'Invalid Idempotency-Key header: 1–128 printable ASCII characters', { fields: { 'Idempotency-Key': 'invalid' } });
    }
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
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

    const from = resolve(body.instrumentFrom, 'instrumentFrom');
    const to = resolve(body.instrumentTo, 'instrumentTo');
    // The card flow (fiat send side) pays through the card provider, not into a deposit address.
    if (from.isFiat) throw ApiError.of('ERR_NOT_ACCEPTABLE', 'Card purchases are not available for guest orders yet');

    const destination = body.destinationAddress;
    const refundAddress = body.refundAddress || undefined;
    // §8: blacklisted client data → ERR_FORBIDDEN "Client data is blacklisted".
    if ([destination, refundAddress].some((a) => a && blacklist.has(a.toLowerCase()))) {
      throw ApiError.of('ERR_FORBIDDEN', 'Client data is blacklisted');
    }
    // §5 destination: validated for the receive currency and network.
    if (!deps.validateAddress(to.currencyTitle, to.networkTitle, destination)) {
      throw invalid('destinationAddress', `not a valid ${to.currencyTitle} ${to.networkTitle} address`);
    }
    // §5 memo: only when the receive instrument requires one (may be empty: the no-memo box).
    const memo = body.destinationAddressMemo || null;
    if (memo && !to.public.requiresMemo) throw invalid('destinationAddressMemo', `${to.currencyTitle} ${to.networkTitle} takes no memo`);
    // §5 refund address: FIXED only; required, different from the destination, valid for the send side.
    const refundMemo = body.refundAddressMemo || null;
    if (body.rateMode === 'FIXED') {
      if (!refundAddress) throw invalid('refundAddress', 'required for a fixed-rate order');
      if (refundAddress === destination) throw invalid('refundAddress', 'must differ from the destination address');
      if (!deps.validateAddress(from.currencyTitle, from.networkTitle, refundAddress)) {
        throw invalid('refundAddress', `not a valid ${from.currencyTitle} ${from.networkTitle} address`);
      }
      if (refundMemo && !from.public.requiresMemo) throw invalid('refundAddressMemo', `${from.currencyTitle} ${from.networkTitle} takes no memo`);
    } else if (refundAddress || refundMemo) {
      throw invalid('refundAddress', 'only accepted for a fixed-rate order');
    }
    // §8: an unknown referrer → ERR_NOT_FOUND naming referrerAffiliateId (the client then drops it).
    const referrerId = body.referrerId || null;
    if (referrerId && !(await deps.referrers?.exists(referrerId))) {
      throw ApiError.of('ERR_NOT_FOUND', `referrerAffiliateId ${referrerId} not found`);
    }

    // Limits, price and fees exactly as the rate endpoint quotes them; claimed amounts to 8 decimals (§9).
    const claimed = new D(body.claimedDepositAmount).toDecimalPlaces(CLAIMED_AMOUNT_DECIMALS, Decimal.ROUND_DOWN);
    if (claimed.lte(0)) throw invalid('claimedDepositAmount', 'must be greater than 0');
    const pair = deps.quote({ instrumentFromSlug: from.slug, instrumentToSlug: to.slug, claimedDepositAmount: money(claimed), rateMode: body.rateMode });

    const orderId = randomUUID();
    const deposit = await custody.depositAddress(orderId, from);
    const t = now();
    try {
      const row = await repo.insert(
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
          depositAddress: deposit.address,
          depositAddressMemo: deposit.memo,
          destinationAddress: destination,
          destinationAddressMemo: memo,
          refundAddress: body.rateMode === 'FIXED' ? refundAddress : null,
          refundAddressMemo: body.rateMode === 'FIXED' ? refundMemo : null,
          // §4 ckm: signed-in users skip the email prompt; their account email is used.
          userEmail: account?.email ?? (body.userEmail || null),
          referrerId,
          legacyOrderId: body.legacyOrderId || null,
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
      return await published(row);
    } catch (err) {
      // The same owner's key raced in from a retry: answer with the order that won.
      if (idempotency && (err instanceof IdempotencyKeyTaken || isUniqueViolation(err))) {
        const existing = await repo.byIdempotencyKey(idempotency, expiredBefore(t));
        if (existing) return replay(existing);
      }
      throw err;
    }
  }

  /**
   * Where a refund goes: the order's refund address when it has one (fixed rate, §5), else the address the
   * customer gives now (a held floating order), checked with the §5 refund-address rules for the send side.
   */
  function refundTarget(row: OrderRow, input: RefundRequest): { address: string; memo: string | null } {
    const address = input.refundAddress.trim();
    if (row.refundAddress) {
      if (row.refundAddress !== address) throw invalid('refundAddress', 'is not the refund address of this order');
      return { address: row.refundAddress, memo: row.refundAddressMemo };
    }
    const from = instrument(row.fromSlug);
    if (blacklist.has(address.toLowerCase())) throw ApiError.of('ERR_FORBIDDEN', 'Client data is blacklisted');
    if (address === row.destinationAddress) throw invalid('refundAddress', 'must differ from the destination address');
    if (!deps.validateAddress(from.currencyTitle, from.networkTitle, address)) {
      throw invalid('refundAddress', `not a valid ${from.currencyTitle} ${from.networkTitle} address`);
    }
    const memo = input.refundAddressMemo?.trim() || null;
    if (memo && !from.public.requiresMemo) throw invalid('refundAddressMemo', `${from.currencyTitle} ${from.networkTitle} takes no memo`);
    return { address, memo };
  }

  async function byIdAndDestination(orderId: string, destinationAddress: string): Promise<OrderRow> {
    const row = await repo.byId(orderId);
    // The same answer whether the id is unknown or the address wrong: the pair is the credential.
    if (!row || row.destinationAddress !== destinationAddress.trim()) throw notFoundE();
    return row;
  }

  // ── Deposits (custody watcher / sandbox) ──────────────────────────────────────────────
  /** `txHash`: the deposit transaction, or how to make one up for the send instrument (sandbox). */
  async function registerDeposit(orderId: string, amountText: string, txHash: string | ((from: InstrumentRecord) => string)): Promise<Order> {
    const amount = new D(amountText);
    if (!amount.isFinite() || amount.lte(0)) throw invalid('amount', 'must be greater than 0');
    const existing = await repo.byId(orderId);
    if (!existing) throw notFoundE();
    const from = instrument(existing.fromSlug);
    if (amount.decimalPlaces() > from.precisionDecimals) throw invalid('amount', `at most ${from.precisionDecimals} decimals for ${from.currencyTitle}`);
    const depositTxHash = typeof txHash === 'function' ? txHash(from) : txHash;
    const t = now();
    const row = await repo.advance({
      orderId,
      from: 'AWAITING_DEPOSIT',
      lock: 'wait',
      now: t,
      decide: () => ({
        to: 'CONFIRMING',
        patch: { depositAmount: money(amount), depositTxHash, depositAt: t, confirmations: 0, lastConfirmationAt: t },
        events: [{ kind: 'DEPOSIT_REGISTERED' }],
      }),
    });
    if (!row) throw wrongState(existing, 'take a deposit (it already has one)');
    return published(row);
  }

  // ── Job steps ─────────────────────────────────────────────────────────────────────────
  /** FIXED checks when the deposit is confirmed (§4 fixed-rate problem events). */
  function fixedRateProblem(row: OrderRow): NewOrderEvent | null {
    if (row.fixedRateExpiresAt && row.depositAt && row.depositAt > row.fixedRateExpiresAt) {
      return { kind: 'FIXED_RATE_SLOW_DEPOSIT_DETECTED', reason: REASONS.slowDeposit, nextStep: NEXT_STEPS.chooseRefundOrNewRate };
    }
    const deposited = new D(row.depositAmount ?? 0);
    const claimed = new D(row.claimedDepositAmount);
    if (!deposited.eq(claimed)) {
      const reason = deposited.lt(claimed) ? REASONS.depositBelowClaimed : REASONS.depositAboveClaimed;
      return { kind: 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED', reason, nextStep: NEXT_STEPS.chooseRefundOrNewRate };
    }
    if (row.marketPrice) {
      const move = marketRate(row).div(row.marketPrice).minus(1).abs();
      if (move.gt(volatilityThreshold)) {
        return { kind: 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', reason: REASONS.volatility, nextStep: NEXT_STEPS.chooseRefundOrNewRate };
      }
    }
    return null;
  }

  /**
   * Issue 7: checks the deposit against the pair's limits as the rate endpoint quotes them now, for this
   * pair and rate mode. A pair switched off since the order was made has no limits to check against: held.
   */
  function holdOf(row: OrderRow): { reason: string; limit: D | null } | null {
    const from = instrument(row.fromSlug);
    let limits: PairData;
    try {
      limits = deps.quote({ instrumentFromSlug: row.fromSlug, instrumentToSlug: row.toSlug, rateMode: row.rateMode });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_PAIR_NOT_ACTIVE') return { reason: REASONS.pairNotActive, limit: null };
      throw err;
    }
    return depositHold(new D(row.depositAmount ?? 0), limits, from.isFiat);
  }

  function onConfirmation(row: OrderRow, t: Date): Transition {
    const confirmations = row.confirmations + 1;
    if (confirmations < row.requiredConfirmations) {
      return { to: 'CONFIRMING', patch: { confirmations, lastConfirmationAt: t } };
    }
    const patch = { confirmations, lastConfirmationAt: t };
    const funds: NewOrderEvent = { kind: 'INCOMING_FUNDS_DETECTED' };
    const hold = holdOf(row);
    if (hold) {
      return {
        to: 'ON_HOLD',
        patch: { ...patch, holdReason: hold.reason, depositLimit: hold.limit ? money(hold.limit) : null },
        events: [funds, { kind: 'DEPOSIT_ON_HOLD', reason: hold.reason, nextStep: NEXT_STEPS.requestRefundOrContactSupport }],
      };
    }
    const problem = row.rateMode === 'FIXED' ? fixedRateProblem(row) : null;
    if (!problem) return { to: 'EXCHANGING', patch, events: [funds] };
    const offer = floatingFor(row);
    return {
      to: 'AWAITING_DECISION',
      patch: { ...patch, offeredPrice: offer.price.toFixed(), offeredAmountToGet: offer.amountToGet.toFixed(), offeredAt: t },
      events: [funds, problem, { kind: 'RATE_MODE_CHANGED', reason: REASONS.floatingOffered, nextStep: NEXT_STEPS.chooseRefundOrNewRate }],
    };
  }

  async function payOut(row: OrderRow): Promise<void> {
    const to = instrument(row.toSlug);
    const { txHash } = await custody.payout({
      idempotencyKey: `${row.orderId}:payout`,
      instrument: to,
      address: row.destinationAddress,
      memo: row.destinationAddressMemo,
      amount: money(row.payoutAmount ?? row.amountToGet),
    });
    const t = now();
    const done = await repo.advance({
      orderId: row.orderId,
      from: 'WITHDRAWING',
      lock: 'skip',
      now: t,
      decide: () => ({ to: 'COMPLETED', patch: { payoutTxHash: txHash, completedAt: t }, events: [{ kind: 'WITHDRAWAL_COMPLETED' }] }),
    });
    if (done) await published(done);
  }

  async function refund(row: OrderRow): Promise<void> {
    const from = instrument(row.fromSlug);
    const { txHash } = await custody.payout({
      idempotencyKey: `${row.orderId}:refund`,
      instrument: from,
      address: row.refundAddress ?? '',
      memo: row.refundAddressMemo,
      amount: money(row.refundAmount ?? 0),
    });
    const t = now();
    const done = await repo.advance({
      orderId: row.orderId,
      from: 'REFUNDING',
      lock: 'skip',
      now: t,
      decide: () => ({
        to: 'REFUNDED',
        patch: { refundTxHash: txHash, refundedAt: t },
        events: [{ kind: 'REFUND_COMPLETED', reason: REASONS.refundSent, nextStep: NEXT_STEPS.none }],
      }),
    });
    if (done) await published(done);
  }

  /** One pass of the order job. Safe to run on every replica at once: each step is a compare-and-set. */
  async function processDue(): Promise<void> {
    const t = now();
    const each = async (ids: string[], fn: (id: string) => Promise<void>) => {
      for (const id of ids) {
        try {
          await fn(id);
        } catch (err) {
          log.error({ err, orderId: id }, 'order job step failed');
        }
      }
    };

    // Sandbox chain: one more confirmation per interval for each deposit being confirmed.
    const cutoff = new Date(t.getTime() - config.confirmationIntervalMs);
    await each(await repo.idsIn('CONFIRMING', BATCH, repo.dueForConfirmation(cutoff)), async (orderId) => {
      const row = await repo.advance({ orderId, from: 'CONFIRMING', where: repo.dueForConfirmation(cutoff), lock: 'skip', now: t, decide: (r) => onConfirmation(r, t) });
      if (row) await published(row);
    });

    // Execute at the current rate through the liquidity provider, then pay out.
    await each(await repo.idsIn('EXCHANGING', BATCH), async (orderId) => {
      const row = await repo.advance({
        orderId,
        from: 'EXCHANGING',
        lock: 'skip',
        now: t,
        decide: (r) => {
          const fixed = r.rateMode === 'FIXED';
          const exec = fixed ? { price: new D(r.price), amountToGet: new D(r.amountToGet) } : floatingFor(r);
          return {
            to: 'WITHDRAWING',
            patch: { executionPrice: exec.price.toFixed(), payoutAmount: exec.amountToGet.toFixed(), amountToGet: exec.amountToGet.toFixed() },
            events: [{ kind: 'FUNDS_WITHDRAWAL_START' }],
          };
        },
      });
      if (!row) return;
      await published(row);
      await payOut(row);
    });

    await each(await repo.idsIn('REFUND_REQUESTED', BATCH), async (orderId) => {
      const row = await repo.advance({ orderId, from: 'REFUND_REQUESTED', lock: 'skip', now: t, decide: () => ({ to: 'REFUNDING' }) });
      if (row) await refund(row);
    });

    // Half-done payouts (a replica died between its two compare-and-sets): the custody call is idempotent.
    const stuck = repo.touchedBefore(new Date(t.getTime() - STUCK_PAYOUT_AFTER_MS));
    await each(await repo.idsIn('WITHDRAWING', BATCH, stuck), async (orderId) => {
      const row = await repo.byId(orderId);
      if (row?.status === 'WITHDRAWING') await payOut(row);
    });
    await each(await repo.idsIn('REFUNDING', BATCH, stuck), async (orderId) => {
      const row = await repo.byId(orderId);
      if (row?.status === 'REFUNDING') await refund(row);
    });

    // Housekeeping: Idempotency-Key claims older than 24 h answer nothing any more.
    await repo.purgeIdempotencyKeys(expiredBefore(t)).catch((err) => log.error({ err }, 'idempotency key purge failed'));
  }

  // ── §7 public calls ───────────────────────────────────────────────────────────────────
  return {
    create,
    registerDeposit,
    processDue,
    toOrder,

    /** The public Order shape for these ids (the account's order history uses it). */
    async ordersById(orderIds: string[]): Promise<Order[]> {
      const rows = await Promise.all(orderIds.map((id) => repo.byId(id)));
      return Promise.all(rows.filter((r): r is OrderRow => !!r).map(load));
    },

    async publicInfo(orderId: string, destinationAddress: string): Promise<Order> {
      return load(await byIdAndDestination(orderId, destinationAddress));
    },

    async refundInfo(orderId: string): Promise<RefundInfo> {
      const row = await repo.byId(orderId);
      if (!row) throw notFoundE();
      if (row.rateMode !== 'FIXED' && !wasHeld(row)) {
        throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', `Order ${orderId} is neither a fixed-rate order nor on hold: it has no refund option`);
      }
      return refundInfoOf(row);
    },

    async setEmail(orderId: string, email: string): Promise<void> {
      const row = await repo.byId(orderId);
      if (!row) throw notFoundE();
      // §8 set-email failure → the client shows error_email_already_set.
      if (!(await repo.setEmailOnce(orderId, email, now()))) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Email is already set for this order');
    },

    /** A fixed-rate problem (AWAITING_DECISION) or a held deposit (ON_HOLD) back to the customer. */
    async requestRefund(input: RefundRequest): Promise<Order> {
      const existing = await byIdAndDestination(input.orderId, input.destinationAddress);
      const t = now();
      const from: OrderStatus = existing.status === 'ON_HOLD' ? 'ON_HOLD' : 'AWAITING_DECISION';
      const row = await repo.advance({
        orderId: input.orderId,
        from,
        lock: 'wait',
        now: t,
        decide: (r) => {
          const target = refundTarget(r, input);
          const info = refundInfoOf(r);
          if (!new D(input.refundAmount).eq(info.refundAmountWithoutNetworkFee) || !new D(input.claimedNetworkFee).eq(info.networkFee)) {
            throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Refund amount or network fee differ from the refund info; reload it', { details: { ...info } });
          }
          return {
            to: 'REFUND_REQUESTED',
            patch: { refundAmount: info.refundAmountWithoutNetworkFee, refundNetworkFee: info.networkFee, refundAddress: target.address, refundAddressMemo: target.memo },
            events: [{ kind: 'REFUND_REQUESTED', reason: REASONS.refundRequested, nextStep: NEXT_STEPS.refundPayout }],
          };
        },
      });
      if (!row) throw wrongState(existing, 'be refunded');
      return published(row);
    },

    async acceptRateModeChange(orderId: string, destinationAddress: string): Promise<Order> {
      const existing = await byIdAndDestination(orderId, destinationAddress);
      const row = await repo.advance({
        orderId,
        from: 'AWAITING_DECISION',
        lock: 'wait',
        now: now(),
        decide: () => ({
          to: 'EXCHANGING',
          patch: { rateMode: 'FLOATING' },
          events: [{ kind: 'RATE_MODE_CHANGE_ACCEPTED', reason: REASONS.rateAccepted, nextStep: NEXT_STEPS.exchangeAtFloatingRate }],
        }),
      });
      if (!row) throw wrongState(existing, 'accept a new rate');
      return published(row);
    },

    async latest(limit = 10): Promise<LatestOrder[]> {
      const rows = await repo.latestCompleted(limit);
      return rows.map((r) => ({
        from: ref(instrument(r.fromSlug)),
        to: ref(instrument(r.toSlug)),
        amountFrom: money(r.depositAmount ?? r.claimedDepositAmount),
        amountTo: money(r.payoutAmount ?? r.amountToGet),
        completedAt: (r.completedAt ?? r.updatedAt).toISOString(),
      }));
    },

    async stats(period: 'day' | 'week' | 'all' = 'all'): Promise<PublicStats> {
      const since = period === 'all' ? null : new Date(now().getTime() - (period === 'day' ? 1 : 7) * 86_400_000);
      const { count, volumeBySlug } = await repo.completedStats(since);
      let volume = new D(0);
      for (const v of volumeBySlug) {
        const i = instruments.bySlug(v.fromSlug);
        const p = i && priceBoard.priceUsd(i.currencyTitle);
        if (p) volume = volume.plus(new D(v.volume).mul(p.toString()));
      }
      return { ordersCompleted: count, volumeUsd: money(volume, 2), instrumentsCount: instruments.all().filter((i) => i.isActive).length };
    },

    recommendedAmount(q: { fromCurrency: string; fromNetwork: string; toCurrency: string; toNetwork: string; rateMode: 'FIXED' | 'FLOATING' }): { recommendedAmount: string } {
      const from = resolve({ currencyTitle: q.fromCurrency, networkTitle: q.fromNetwork }, 'from');
      const to = resolve({ currencyTitle: q.toCurrency, networkTitle: q.toNetwork }, 'to');
      // The quote without an amount: §9's default amount, clamped to the pair's limits.
      return { recommendedAmount: deps.quote({ instrumentFromSlug: from.slug, instrumentToSlug: to.slug, rateMode: q.rateMode }).amountToGive };
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
