import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { type Instrument, ORDER_NEXT_STEPS, type Order } from 'shared-contracts';
import { useNow } from 'remote-kit/format';
import { Badge, Button, ButtonLink, Card, TextField } from 'remote-kit/ui';
import { declineReasonKey } from './declineReason';
import type { OrderStore } from './OrderStore';
import { samePairPath } from './samePairPath';
import styles from './order.module.css';
import { amountOf, formatDuration, percentOf, type View } from './view';

/**
 * §2 order step block "fixed-rate problems": what happened, why, what next, and the customer's two choices. Issue 25:
 * the state badge above already names the problem, so the panel does not repeat it: the reason and the facts (for a
 * wrong amount, how much arrived against how much was expected) in one tight block, then the choices.
 */
export const FixedRateProblems = observer(function FixedRateProblems({ store, order, v }: { store: OrderStore; order: Order; v: View }) {
  const { t } = v;
  const problem = store.problemEvent;
  const offered = order.orderDetails.offeredRate;
  // a card order has no refund here (issue 12: the card is refunded by the provider)
  const refundable = !store.isCardOrder;
  const info = store.refundInfo;
  const from = order.pair.instrumentFrom.currencyTitle;
  const to = order.pair.instrumentTo.currencyTitle;
  const choosing = refundable || store.rateChangedWarningOpen;
  // issue 29: a floating order stopped past its maximum slippage (the same choice, its own words)
  const slipped = problem?.kind === 'FLOATING_RATE_SLIPPAGE_EXCEEDED';
  return (
    <div data-testid="fixed-rate-problems" data-problem={problem?.kind ?? ''}>
      <Card title={t(slipped ? 'problem_title_slippage' : 'problem_title')} actions={<Badge tone="warning">{t('step_attention')}</Badge>}>
        <div className={styles.facts}>
          {problem ? null : <p className={styles.text}>{t('rate_changed_warning')}</p>}
          {slipped && order.maxSlippage ? (
            <p className={styles.value} data-testid="problem-slippage">
              {t('problem_slippage', { max: percentOf(v, order.maxSlippage), quoted: amountOf(v, order.amountToGet, store.instrumentTo), currency: to })}
            </p>
          ) : null}
          {problem?.kind === 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED' ? <ArrivedVersusExpected order={order} store={store} v={v} /> : null}
          {problem ? <EventNote order={order} kind={problem.kind} v={v} /> : null}
          {offered ? (
            <p className={styles.text} data-testid="offered-rate">
              {t('offered_rate', {
                from,
                to,
                price: amountOf(v, offered.price, store.instrumentTo),
                amount: amountOf(v, offered.amountToGet, store.instrumentTo),
              })}
            </p>
          ) : null}
          {offered?.expiresAt && store.rateChangedWarningOpen ? <OfferTimeLeft until={offered.expiresAt} v={v} /> : null}
          {store.offerRenewed && !store.actionError ? (
            <p role="status" className={styles.value} data-testid="offer-renewed">
              {t('offer_renewed')}
            </p>
          ) : null}
          {refundable && info && order.refundAddress ? (
            <p className={styles.muted}>
              {t('refund_amount', {
                amount: amountOf(v, info.refundAmountWithoutNetworkFee, store.instrumentFrom),
                fee: amountOf(v, info.networkFee, store.instrumentFrom),
                currency: from,
                address: order.refundAddress,
              })}
            </p>
          ) : refundable && info ? (
            <p className={styles.muted} data-testid="problem-refund-amount">
              {t('refund_amount_no_address', {
                amount: amountOf(v, info.refundAmountWithoutNetworkFee, store.instrumentFrom),
                fee: amountOf(v, info.networkFee, store.instrumentFrom),
                currency: from,
              })}
            </p>
          ) : null}
        </div>
        {choosing ? (
          <div className={styles.facts}>
            <p className={styles.muted}>{t('problem_choose')}</p>
            {/* issue 29: a floating order has no refund address: the refund choice asks where to */}
            {refundable && store.needsRefundAddress ? <RefundAddressFields store={store} order={order} v={v} /> : null}
            <div className={styles.actions}>
              {refundable ? (
                <Button
                  variant="secondary"
                  disabled={!!store.busyAction}
                  loading={store.busyAction === 'refund'}
                  onClick={() => void store.requestRefund()}
                  data-testid="request-refund"
                >
                  {t('request_refund')}
                </Button>
              ) : null}
              {store.rateChangedWarningOpen ? (
                <Button
                  disabled={!!store.busyAction}
                  loading={store.busyAction === 'acceptRate'}
                  onClick={() => void store.acceptNewRate()}
                  data-testid="accept-new-rate"
                >
                  {t('accept_new_rate')}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
        {store.actionError ? (
          <p role="alert" className={styles.error} data-testid="order-action-error">
            {t(store.actionError)}
          </p>
        ) : null}
      </Card>
    </div>
  );
});

/** Issue 25: a wrong deposit amount says both amounts (the latest deposit against the order's). */
function ArrivedVersusExpected({ order, store, v }: { order: Order; store: OrderStore; v: View }) {
  const arrived = order.deposits.at(-1)?.amount;
  if (!arrived) return null;
  const currency = order.pair.instrumentFrom.currencyTitle;
  return (
    <p className={styles.value} data-testid="problem-amounts">
      {v.t('problem_amounts', {
        arrived: amountOf(v, arrived, store.instrumentFrom),
        expected: amountOf(v, order.claimedDepositAmount, store.instrumentFrom),
        currency,
      })}
    </p>
  );
}

/**
 * Issue 23: how long the new-rate offer holds. Past it the store reads the order again and the server renews the offer;
 * meanwhile the panel says a fresh one is on its way (before mount, a placeholder: the same on the server and at hydration).
 */
function OfferTimeLeft({ until, v }: { until: string; v: View }) {
  const now = useNow(1000);
  const left = now === null ? null : Date.parse(until) - now;
  return (
    <p className={styles.muted} data-testid="offer-time-left" data-expired={left !== null && left <= 0 ? 'true' : 'false'}>
      {left === null ? v.t('offer_time_left', { time: '–:––' }) : left > 0 ? v.t('offer_time_left', { time: formatDuration(left) }) : v.t('offer_expired')}
    </p>
  );
}

/**
 * Issue 7: the deposit was above the pair's limits and is held. Says why in a sentence, then the refund:
 * to the order's refund address, or to one the customer types here (floating orders have none).
 */
export const HeldDeposit = observer(function HeldDeposit({ store, order, v }: { store: OrderStore; order: Order; v: View }) {
  const { t } = v;
  const hold = store.holdEvent;
  const from = order.pair.instrumentFrom;
  const fromInstrument = store.instrumentFrom;
  const vars = {
    amount: amountOf(v, order.deposits[0]?.amount ?? order.claimedDepositAmount, fromInstrument),
    currency: from.currencyTitle,
    limit: amountOf(v, order.orderDetails.depositLimit, fromInstrument),
  };
  // issue 25: a card purchase was paid, not deposited: its own words
  const card = store.isCardOrder;
  const text = card ? 'hold_text_card' : 'hold_text';
  return (
    <div data-testid="order-on-hold" data-reason={hold?.reason ?? ''}>
      <Card title={t(card ? 'hold_title_card' : 'hold_title')} actions={<Badge tone="warning">{t('step_attention')}</Badge>}>
        <p className={styles.text} data-testid="hold-reason">
          {t(`${text}_${hold?.reason}`, { ...vars, defaultValue: t(`${text}_other`, vars) })}
        </p>
        {card ? (
          // issue 12: no refund of a card payment here; support settles it
          <p className={styles.text} data-testid="hold-next-step">
            {t('hold_next_card')}
          </p>
        ) : (
          <HoldRefund store={store} order={order} v={v} />
        )}
      </Card>
    </div>
  );
});

/** A held deposit's refund: the amount, and the form (with the address to refund to when the order has none). */
const HoldRefund = observer(function HoldRefund({ store, order, v }: { store: OrderStore; order: Order; v: View }) {
  const { t } = v;
  const hold = store.holdEvent;
  const from = order.pair.instrumentFrom;
  const fromInstrument = store.instrumentFrom;
  const info = store.refundInfo;
  const error = store.actionError;
  // a refused address or memo is said under its field, anything else under the button
  const errorText = error ? (
    <span role="alert" data-testid="order-action-error">
      {t(error)}
    </span>
  ) : null;
  const asking = store.needsRefundAddress;
  const addressError = asking && error?.startsWith('error_refund_address') ? errorText : undefined;
  const memoError = asking && store.refundTakesMemo && error === 'error_refund_memo_incorrect' ? errorText : undefined;
  return (
    <>
      <p className={styles.text} data-testid="hold-next-step">
        {t(`hold_next_${hold?.nextStep}`, { defaultValue: t('hold_next_other') })}
      </p>
      {info ? (
        <p className={styles.muted} data-testid="hold-refund-amount">
          {order.refundAddress
            ? t('refund_amount', {
                amount: amountOf(v, info.refundAmountWithoutNetworkFee, fromInstrument),
                fee: amountOf(v, info.networkFee, fromInstrument),
                currency: from.currencyTitle,
                address: order.refundAddress,
              })
            : t('refund_amount_no_address', {
                amount: amountOf(v, info.refundAmountWithoutNetworkFee, fromInstrument),
                fee: amountOf(v, info.networkFee, fromInstrument),
                currency: from.currencyTitle,
              })}
        </p>
      ) : null}
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void store.requestRefund();
        }}
      >
        {asking ? <RefundAddressFields store={store} order={order} v={v} addressError={addressError} memoError={memoError} /> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={!!store.busyAction} loading={store.busyAction === 'refund'} data-testid="request-refund">
            {t('request_refund')}
          </Button>
        </div>
      </form>
      {errorText && !addressError && !memoError ? <p className={styles.error}>{errorText}</p> : null}
    </>
  );
});

/** Where a refund goes when the order has no refund address (a floating order): the address, and its memo where one is taken. */
const RefundAddressFields = observer(function RefundAddressFields({
  store,
  order,
  v,
  addressError,
  memoError,
}: {
  store: OrderStore;
  order: Order;
  v: View;
  addressError?: ReactNode;
  memoError?: ReactNode;
}) {
  const { t } = v;
  const from = order.pair.instrumentFrom;
  return (
    <>
      <TextField
        id="order-refund-address"
        label={t('refund_address_label', { currency: from.currencyTitle, network: from.networkTitle })}
        value={store.refundAddressInput}
        onChange={(e) => store.setRefundAddress(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        error={addressError}
        data-testid="refund-address"
      />
      {store.refundTakesMemo ? (
        <TextField
          id="order-refund-memo"
          label={t('refund_memo_label')}
          value={store.refundMemoInput}
          onChange={(e) => store.setRefundMemo(e.target.value)}
          autoComplete="off"
          error={memoError}
          data-testid="refund-memo"
        />
      ) : null}
    </>
  );
});

/**
 * Issue 12: the provider declined the card payment and the order is over (nothing was taken, so nothing is refunded).
 * Says so with the provider's reason and the next step: a new order on the same pair's page.
 */
export function CardPaymentDeclined({ order, from, to, v }: { order: Order; from: Instrument | undefined; to: Instrument | undefined; v: View }) {
  const { t, Link } = v;
  const raw = order.orderDetails.cardPayment?.declineReason;
  // issue 23: a known reason in the page's language, else the provider's own words
  const known = raw ? declineReasonKey(raw) : null;
  const reason = known ? t(known) : raw;
  const event = [...order.orderEvents].reverse().find((e) => e.kind === 'CARD_PAYMENT_DECLINED');
  const next = event?.nextStep ?? ORDER_NEXT_STEPS.createNewOrder;
  const newOrderPath = samePairPath(order, from, to);
  return (
    <Card title={t('card_declined_title')} data-testid="card-payment-declined">
      {/* the card's grid sets the spacing: paragraphs without their own margins (issue 23: no gap under the reason) */}
      <p className={styles.text} data-testid="card-decline-reason">
        {reason ? t('card_declined_reason', { reason }) : t('card_declined_no_reason')}
      </p>
      <p className={styles.text} data-testid="event-next-step">
        {t('problem_next', { next: t(`next_${next}`, { defaultValue: next }) })}
      </p>
      <div className={styles.actions}>
        <ButtonLink render={(p) => <Link to={newOrderPath} data-testid="card-new-order" {...p} />}>{t('card_declined_new_order')}</ButtonLink>
      </div>
    </Card>
  );
}

/** Off-path events carry a machine-readable reason and the next step: shown in words. */
export function EventNote({ order, kind, v }: { order: Order; kind: string; v: View }) {
  const { t } = v;
  const event = [...order.orderEvents].reverse().find((e) => e.kind === kind);
  if (!event?.reason && !event?.nextStep) return null;
  return (
    <>
      {event.reason ? (
        <p className={styles.text} data-testid="event-reason">
          {t('problem_reason', { reason: t(`reason_${event.reason}`, { defaultValue: event.reason }) })}
        </p>
      ) : null}
      {event.nextStep ? (
        <p className={styles.text} data-testid="event-next-step">
          {t('problem_next', { next: t(`next_${event.nextStep}`, { defaultValue: event.nextStep }) })}
        </p>
      ) : null}
    </>
  );
}
