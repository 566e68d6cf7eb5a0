// Deposits (custody watcher / sandbox) and the order job's steps, which move orders along the lifecycle of
// lifecycle.ts. Each step is a compare-and-set, so every replica may run the job at once.
import { ApiError, type Order, type OrderHoldReason, type PairData } from 'shared-contracts/server';
import { and, type SQL } from 'drizzle-orm';
import type { DepositSink } from '../../adapters/custody/types';
import type { OrderRow } from '../../db/schema';
import { D, money } from '../../lib/decimal';
import type { InstrumentRecord } from '../instruments';
import { createCardPayments } from './cardPayments';
import { invalid, notFoundE, wrongState, type OrderContext } from './context';
import { depositHold } from './guardrails';
import { expiredBefore } from './idempotency';
import { NEXT_STEPS, REASONS, type NewOrderEvent } from './lifecycle';
import type { OrderPresentation } from './presentation';
import type { OrderPricing } from './pricing';
import type { Transition } from './repo';
import { SETTLEMENT_LEGS, type SettlementLeg } from './settlement';

/** A payout or refund left half-done (process died between the two compare-and-sets) is retried after this. */
const STUCK_PAYOUT_AFTER_MS = 30_000;
const BATCH = 50;
/** Claims past their 24 h answer nothing already (creation checks their age); dropping them is housekeeping. */
const PURGE_EVERY_MS = 60_000;
/** The statuses a pass moves on (besides card orders waiting for their payment): see processDue's steps. */
const WORKED_STATUSES = ['CONFIRMING', 'EXCHANGING', 'REFUND_REQUESTED', SETTLEMENT_LEGS.payout.from, SETTLEMENT_LEGS.refund.from] as const;

export function createJobSteps(
  ctx: OrderContext,
  presentation: OrderPresentation,
  pricing: OrderPricing,
  settle: (row: OrderRow, leg: SettlementLeg) => Promise<void>,
) {
  const { deps, repo, now, log, instrument } = ctx;
  const { published } = presentation;
  const volatilityThreshold = new D(deps.config.fixedRateVolatilityThreshold);

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

  /** The pair's market rate now, or null when the price board cannot price it (never stops an execution). */
  function marketRateOrNull(row: OrderRow): D | null {
    try {
      return pricing.marketRate(row);
    } catch {
      return null;
    }
  }

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
      const move = pricing.marketRate(row).div(row.marketPrice).minus(1).abs();
      if (move.gt(volatilityThreshold)) {
        return { kind: 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', reason: REASONS.volatility, nextStep: NEXT_STEPS.chooseRefundOrNewRate };
      }
    }
    return null;
  }

  /**
   * Issue 29: a FLOATING order whose rate now would pay more than its maxSlippage less than its quote for the amount
   * deposited (orders made before it have none: no check). Null when it may execute at `exec`.
   */
  function slippageProblem(row: OrderRow, exec: { amountToGet: D }): NewOrderEvent | null {
    if (row.maxSlippage === null) return null;
    const quoted = pricing.quotedFor(row);
    if (quoted.lte(0) || exec.amountToGet.gte(quoted.times(new D(1).minus(row.maxSlippage)))) return null;
    return { kind: 'FLOATING_RATE_SLIPPAGE_EXCEEDED', reason: REASONS.slippageExceeded, nextStep: NEXT_STEPS.chooseRefundOrNewRate };
  }

  /**
   * Issue 7: checks the deposit against the pair's limits as the rate endpoint quotes them now, for this
   * pair and rate mode. A pair switched off since the order was made has no limits to check against: held.
   */
  function holdOf(row: OrderRow): { reason: OrderHoldReason; limit: D | null } | null {
    const from = instrument(row.fromSlug);
    let limits: PairData;
    try {
      limits = deps.quote({ instrumentFromSlug: row.fromSlug, instrumentToSlug: row.toSlug, rateMode: row.rateMode });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_PAIR_NOT_ACTIVE') return { reason: REASONS.pairNotActive, limit: null };
      throw err;
    }
    // The no-KYC threshold applies where the flow has an identity check: a fiat sender. A card order whose KYC the
    // provider reported complete when it was made (§4 card flow, at or above the threshold) is not held for it; one made
    // below the threshold still is if the threshold has since fallen under its amount (the send currency moved).
    const kycApplies = from.isFiat && row.kycVerifiedAt === null;
    return depositHold(new D(row.depositAmount ?? 0), limits, kycApplies);
  }

  /** A CONFIRMING order whose deposit has `confirmations` now: the sandbox's next tick, or a real chain's count (issue 28). */
  function withConfirmations(row: OrderRow, confirmations: number, t: Date): Transition {
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
    const offer = pricing.floatingFor(row);
    return {
      to: 'AWAITING_DECISION',
      patch: { ...patch, offeredPrice: offer.price.toFixed(), offeredAmountToGet: offer.amountToGet.toFixed(), offeredAt: t },
      events: [funds, problem, { kind: 'RATE_MODE_CHANGED', reason: REASONS.floatingOffered, nextStep: NEXT_STEPS.chooseRefundOrNewRate }],
    };
  }

  const onConfirmation = (row: OrderRow, t: Date): Transition => withConfirmations(row, row.confirmations + 1, t);

  const cardPayments = createCardPayments(ctx, presentation, onConfirmation);

  /**
   * Issue 28 (DepositSink): a real chain's watcher reports a deposit to an order's address as the canonical chain shows
   * it now. The first sighting in a block registers it (credited to the instrument's precision, rounded down: the dust
   * below it stays with the platform); every later report sets its confirmations — down to 0 when a reorganisation took
   * its block away, so the order never progresses on a deposit the chain no longer has. Another transaction to the same
   * address while one is being confirmed is left for support (logged).
   */
  async function depositObserved({
    orderId,
    txHash,
    amount,
    confirmations,
  }: {
    orderId: string;
    txHash: string;
    amount: string;
    confirmations: number;
  }): Promise<void> {
    const row = await repo.byId(orderId);
    if (!row) return;
    if (row.status === 'AWAITING_DEPOSIT') {
      if (confirmations < 1) return;
      const credited = new D(amount).toDecimalPlaces(instrument(row.fromSlug).precisionDecimals, D.ROUND_DOWN);
      if (credited.lte(0)) {
        log.warn({ orderId, txHash, amount }, 'deposit below the instrument’s precision not credited');
        return;
      }
      await registerDeposit(orderId, credited.toFixed(), txHash);
    } else if (row.status !== 'CONFIRMING') {
      return;
    } else if (row.depositTxHash !== txHash) {
      log.warn({ orderId, txHash }, 'another deposit to an order already confirming one: left for support');
      return;
    }
    const t = now();
    const updated = await repo.advance({
      orderId,
      from: 'CONFIRMING',
      lock: 'wait',
      now: t,
      decide: (r) => (r.depositTxHash !== txHash || r.confirmations === confirmations ? null : withConfirmations(r, confirmations, t)),
    });
    if (updated) await published(updated);
  }

  /** Issue 28: instruments whose deposits a real chain confirms (the sandbox tick below leaves them alone). */
  const realSlugs = () =>
    deps.instruments
      .all()
      .filter((i) => deps.custody.isReal(i))
      .map((i) => i.slug);

  let lastPurge = Number.NEGATIVE_INFINITY;

  /**
   * One pass of the order job. Safe to run on every replica at once: each step is a compare-and-set.
   * Issue 27: every replica runs a pass a second; with no order where a step acts, the pass asks that one question
   * instead of the steps' nine.
   */
  async function processDue(): Promise<void> {
    const t = now();
    if (await repo.anyIn(WORKED_STATUSES, { cardPaymentPending: true })) await steps(t);
    // Housekeeping: Idempotency-Key claims older than 24 h answer nothing any more.
    if (t.getTime() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = t.getTime();
      await repo.purgeIdempotencyKeys(expiredBefore(t)).catch((err) => log.error({ err }, 'idempotency key purge failed'));
    }
  }

  async function steps(t: Date): Promise<void> {
    const each = async (ids: string[], fn: (id: string) => Promise<void>) => {
      for (const id of ids) {
        try {
          await fn(id);
        } catch (err) {
          log.error({ err, orderId: id }, 'order job step failed');
        }
      }
    };

    // Card orders whose payment settled without the provider's notice reaching this process.
    await cardPayments.pollDue(t);

    // Sandbox chain: one more confirmation per interval for each deposit being confirmed (a real chain's are reported).
    const cutoff = new Date(t.getTime() - deps.config.confirmationIntervalMs);
    const simulatedDue = and(repo.dueForConfirmation(cutoff), repo.notFrom(realSlugs())) as SQL;
    await each(await repo.idsIn('CONFIRMING', BATCH, simulatedDue), async (orderId) => {
      const row = await repo.advance({
        orderId,
        from: 'CONFIRMING',
        where: simulatedDue,
        lock: 'skip',
        now: t,
        decide: (r) => onConfirmation(r, t),
      });
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
          // a fixed rate, or an accepted new-rate offer (issue 23: paid exactly as offered), is paid as agreed
          const agreed = r.rateMode === 'FIXED' || r.offeredAmountToGet !== null;
          const exec = agreed ? { price: new D(r.price), amountToGet: new D(r.amountToGet) } : pricing.floatingFor(r);
          // issue 29: past its maximum slippage the order stops for the customer's choice, offered the rate it would get
          const slipped = agreed ? null : slippageProblem(r, exec);
          if (slipped) {
            return {
              to: 'AWAITING_DECISION',
              patch: { offeredPrice: exec.price.toFixed(), offeredAmountToGet: exec.amountToGet.toFixed(), offeredAt: t },
              events: [slipped, { kind: 'RATE_MODE_CHANGED', reason: REASONS.floatingOffered, nextStep: NEXT_STEPS.chooseRefundOrNewRate }],
            };
          }
          // issue 24: the market rate at execution, what the order's realised spread (rewards' ceiling) is measured by
          const executionMarketPrice = marketRateOrNull(r);
          return {
            to: 'WITHDRAWING',
            patch: {
              executionPrice: exec.price.toFixed(),
              payoutAmount: exec.amountToGet.toFixed(),
              amountToGet: exec.amountToGet.toFixed(),
              executionMarketPrice: executionMarketPrice?.toFixed() ?? null,
            },
            events: [{ kind: 'FUNDS_WITHDRAWAL_START' }],
          };
        },
      });
      if (!row) return;
      await published(row);
      if (row.status === 'WITHDRAWING') await settle(row, 'payout');
    });

    await each(await repo.idsIn('REFUND_REQUESTED', BATCH), async (orderId) => {
      const row = await repo.advance({ orderId, from: 'REFUND_REQUESTED', lock: 'skip', now: t, decide: () => ({ to: 'REFUNDING' }) });
      if (row) await settle(row, 'refund');
    });

    // Issue 28: payouts and refunds broadcast on a real chain, asked about every pass until final past their depth.
    for (const legName of ['payout', 'refund'] as const) {
      const { from } = SETTLEMENT_LEGS[legName];
      await each(await repo.idsIn(from, BATCH, repo.sentOn(legName)), async (orderId) => {
        const row = await repo.byId(orderId);
        if (row?.status === from) await settle(row, legName);
      });
    }

    // Half-done payouts and refunds (a replica died between its two compare-and-sets): the custody call is idempotent.
    const stuck = repo.touchedBefore(new Date(t.getTime() - STUCK_PAYOUT_AFTER_MS));
    for (const legName of ['payout', 'refund'] as const) {
      const { from } = SETTLEMENT_LEGS[legName];
      await each(await repo.idsIn(from, BATCH, stuck), async (orderId) => {
        const row = await repo.byId(orderId);
        if (row?.status === from) await settle(row, legName);
      });
    }
  }

  return {
    registerDeposit,
    processDue,
    cardPaymentSettled: cardPayments.settled,
    depositSink: { watched: (slugs) => repo.awaitingDepositsFrom(slugs), depositObserved } satisfies DepositSink,
  };
}
