import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { type Order, pageParams, pageQuery, type RemotePageProps } from 'shared-contracts';
import { RelativeTime } from 'remote-kit/format';
import { Badge, Card, LiveRegion, Skeleton, Stepper, TextField, Button, type Tone } from 'remote-kit/ui';
import type { DisplayedState, OrderStepId } from '../features/order/orderProgress';
import { OrderStore } from '../features/order/OrderStore';
import { snapshotInstruments, snapshotOrder } from '../features/order/orderSnapshot';
import styles from '../features/order/order.module.css';
import { CardPaymentDeclined, FixedRateProblems, EventNote, HeldDeposit } from '../features/order/ProblemCards';
import { HoldRefundPromise } from '../features/order/HoldRefundPromise';
import { NewExchangeLink, OrderSummary } from '../features/order/OrderSummary';
import { CardPaidCard, CardPaymentCard, CardRedirectModal, SendCard, useFixedRateExpired } from '../features/order/SendCard';
import { TransactionsCard } from '../features/order/TransactionsCard';
import { NetworkNotice } from '../features/order/NetworkNotice';
import { ReceiptCard } from '../features/receipt/ReceiptCard';
import { useT } from '../useT';
import { amountOf, type View } from '../features/order/view';

/** `/order/{id}?destinationAddress=…` and `/order/pending` (spec §2, §4, §8). An observer: follows the id and query. */
export const OrderPage = observer(function OrderPage({ host }: RemotePageProps) {
  const t = useT(host);
  const { id } = pageParams(host.route, 'mfe_order', 'Order');
  const destination = pageQuery(host.route, 'mfe_order', 'Order').destinationAddress;
  const pending = id === 'pending';
  const v: View = { t, locale: host.locale.current, Link: host.Link };
  return (
    <section className={styles.page}>
      <header className={styles.head}>
        <h1 data-testid="page-title" className={styles.title}>
          {t(pending ? 'pending_title' : 'order_title')}
        </h1>
        {!pending && (
          <p className={styles.orderId} data-testid="order-id">
            {t('order_id', { id })}
          </p>
        )}
      </header>
      {/* another order (id or address) is another store */}
      <OrderBody key={`${id}\n${destination ?? ''}`} host={host} id={id} destination={destination} v={v} />
    </section>
  );
});

/** One store per order shown, created in render (from the server's order when it is this one), started after mount. */
function OrderBody({ host, id, destination, v }: { host: RemotePageProps['host']; id: string; destination: string | undefined; v: View }) {
  const [store] = useState(
    () =>
      new OrderStore({
        api: host.api,
        orderId: id,
        destinationAddress: destination,
        wsUrl: host.config.wsUrl,
        notify: (n) => host.notify(n),
        translate: (key) => host.i18n.t(key, { ns: 'mfe-order' }),
        locale: host.locale.current,
        initialOrder: snapshotOrder(host.initialData, id, destination),
        initialInstruments: snapshotInstruments(host.initialData, id, destination),
        analytics: { track: (event, data) => host.analytics.track(event, data), session: host.session },
      }),
  );
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  return (
    <>
      <NetworkNotice host={host} store={store} v={v} />
      <OrderView store={store} v={v} api={host.api} />
    </>
  );
}

const OrderView = observer(function OrderView({ store, v, api }: { store: OrderStore; v: View; api: RemotePageProps['host']['api'] }) {
  const { t } = v;
  switch (store.status) {
    case 'pending':
      return (
        <Card>
          <p className={styles.muted}>{t('pending_text')}</p>
        </Card>
      );
    case 'addressIncorrect':
      return (
        <Card>
          <p role="alert" className={styles.error} data-testid="order-address-incorrect">
            {t('error_address_incorrect')}
          </p>
        </Card>
      );
    case 'loading':
      return (
        <Card>
          <p className={styles.muted} aria-busy="true">
            {t('loading')}
          </p>
          <Skeleton lines={3} />
        </Card>
      );
    case 'loadFailed':
      return (
        <Card>
          <p role="alert" className={styles.error}>
            {t('load_failed')}
          </p>
        </Card>
      );
  }
  const order = store.order!;
  const step = store.stepIndex;
  const from = store.instrumentFrom;
  const to = store.instrumentTo;
  return (
    <>
      <ProgressCard store={store} order={order} v={v} />

      {store.onHold ? <HeldDeposit store={store} order={order} v={v} /> : null}
      {/* issue 29: a held deposit's refund, in full and within the published time (a card payment is settled by support) */}
      {store.onHold && !store.isCardOrder ? <HoldRefundPromise api={api} order={order} v={v} /> : null}

      {store.rateWarningShown || store.rateChangedWarningOpen ? <FixedRateProblems store={store} order={order} v={v} /> : null}

      {store.cardPaymentDeclined ? <CardPaymentDeclined order={order} from={from} to={to} v={v} /> : null}

      {step <= 1 && !store.rateWarningShown ? <PayCard store={store} order={order} v={v} /> : null}
      {store.isCardOrder ? <CardRedirectModal store={store} order={order} v={v} /> : null}

      {showsSummary(store) ? <OrderSummary order={order} from={from} to={to} card={store.isCardOrder} v={v} /> : null}

      {step === 3 ? (
        <Card title={t('completed_title')} data-testid="order-completed" actions={<Badge tone="success">{t('step_completed')}</Badge>}>
          <p className={styles.text}>
            {t('completed_text', {
              amount: amountOf(v, order.withdrawals[0]?.amount ?? order.amountToGet, to),
              currency: order.pair.instrumentTo.currencyTitle,
              address: order.destinationAddress,
            })}
          </p>
          <NewExchangeLink order={order} from={from} to={to} v={v} />
        </Card>
      ) : null}

      {store.displayedState === 'REFUND_REQUESTED' ? (
        <Card data-testid="order-refund-requested">
          <p className={styles.text}>{t('refund_requested_text', { address: order.refundAddress ?? '' })}</p>
          <EventNote order={order} kind="REFUND_REQUESTED" v={v} />
          {store.holdEvent ? <HoldRefundPromise api={api} order={order} v={v} /> : null}
        </Card>
      ) : null}

      {step === 4 ? (
        <Card title={t('refund_completed_title')} data-testid="order-refund-completed">
          <p className={styles.text}>
            {t('refund_completed_text', {
              amount: amountOf(v, order.orderDetails.refundAmount ?? store.refundInfo?.refundAmountWithoutNetworkFee, from),
              currency: order.pair.instrumentFrom.currencyTitle,
              address: order.refundAddress ?? '',
            })}
          </p>
          <NewExchangeLink order={order} from={from} to={to} v={v} />
        </Card>
      ) : null}

      {hasTransactions(store, order) ? <TransactionsCard order={order} from={from} to={to} card={store.isCardOrder} v={v} /> : null}

      {/* issue 29: a completed or refunded order's signed receipt */}
      {step === 3 || step === 4 ? (
        <ReceiptCard api={api} t={v.t} locale={v.locale} orderId={order.orderId} destinationAddress={order.destinationAddress} />
      ) : null}

      {!order.userEmail ? <EmailOffer store={store} v={v} /> : null}
      <p className={styles.muted}>{t('link_hint')}</p>
    </>
  );
});

/** What to pay, before the payment arrives: the deposit address, or for a card order its payment page (issue 12). */
function PayCard({ store, order, v }: { store: OrderStore; order: Order; v: View }) {
  const from = store.instrumentFrom;
  const to = store.instrumentTo;
  if (!store.isCardOrder) return <SendCard order={order} from={from} to={to} v={v} />;
  if (store.awaitingCardPayment) return <CardPaymentCard order={order} from={from} v={v} />;
  return store.cardPaymentDeclined ? null : <CardPaidCard v={v} />;
}

/**
 * Issue 25: the order at a glance while it runs as ordered. Not once it is finished, nor while a problem, a hold or a
 * refund changes what arrives: their own cards say it, and the ordered amounts would mislead.
 */
function showsSummary(store: OrderStore): boolean {
  if (store.stepIndex > 2 || store.rateWarningShown || store.onHold || store.cardPaymentDeclined) return false;
  return store.displayedState !== 'REFUND_REQUESTED';
}

/** A chain order's deposit is a transaction as soon as it is seen; a card order has only its payout. */
function hasTransactions(store: OrderStore, order: Order): boolean {
  const d = order.orderDetails;
  if (store.isCardOrder) return !!d.payoutTxHash;
  return !!d.depositTxHash || store.stepIndex >= 2;
}

const STATE_TONE: Partial<Record<DisplayedState, Tone>> = {
  WITHDRAWAL_COMPLETED: 'success',
  REFUND_COMPLETED: 'neutral',
  REFUND_REQUESTED: 'warning',
  RATE_MODE_CHANGED: 'warning',
  FIXED_RATE_HIGH_VOLATILITY_DETECTED: 'warning',
  FIXED_RATE_SLOW_DEPOSIT_DETECTED: 'warning',
  FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED: 'warning',
  FLOATING_RATE_SLIPPAGE_EXCEEDED: 'warning',
  DEPOSIT_ON_HOLD: 'warning',
  CARD_PAYMENT_DECLINED: 'danger',
};

/** A card order's first states say "payment" where a chain order's say "deposit" (issue 12). */
const CARD_STATE_TEXT: Partial<Record<DisplayedState, string>> = {
  CREATION_END: 'state_card_CREATION_END',
  DEPOSIT_REGISTERED: 'state_card_DEPOSIT_REGISTERED',
  INCOMING_FUNDS_DETECTED: 'state_card_INCOMING_FUNDS_DETECTED',
  DEPOSIT_ON_HOLD: 'state_card_DEPOSIT_ON_HOLD',
};

/** A card payment is checked by the provider, not confirmed by a chain. */
const CARD_STEP_LABEL: Partial<Record<OrderStepId, string>> = { deposit: 'step_payment', confirming: 'step_payment_check' };
const stepLabel = (id: OrderStepId, card: boolean) => (card && CARD_STEP_LABEL[id]) || STEP_LABEL[id];

const STEP_LABEL: Record<OrderStepId, string> = {
  deposit: 'step_deposit',
  confirming: 'step_confirming',
  exchanging: 'step_exchanging',
  sending: 'step_sending',
  completed: 'step_completed',
  refund: 'step_refund',
};

/** The order's state as a badge and its steps as a stepper; a change is announced politely (not the first view). */
const ProgressCard = observer(function ProgressCard({ store, order, v }: { store: OrderStore; order: Order; v: View }) {
  const { t } = v;
  const state = store.displayedState;
  const stepper = store.stepper;
  const d = order.orderDetails;
  const card = store.isCardOrder;
  // issue 23: past the fixed-rate window an order without a deposit no longer says "waiting for your deposit"
  const fixedExpired = useFixedRateExpired(order) && state === 'CREATION_END';
  const stateText = t(fixedExpired ? 'state_fixed_rate_expired' : (card && CARD_STATE_TEXT[state]) || `state_${state}`);
  const confirmationsText = t('confirmations', { confirmed: Math.min(d.confirmations, d.requiredConfirmations), count: d.requiredConfirmations });
  const announcement = useChangeAnnouncement(state, stateText, d.confirmations, confirmationsText);
  return (
    <Card
      title={t('steps_label')}
      actions={
        <p className={styles.state} data-testid="order-state" data-state={state}>
          <Badge tone={fixedExpired ? 'warning' : (STATE_TONE[state] ?? 'info')}>{stateText}</Badge>
        </p>
      }
    >
      <div data-testid="order-steps" data-step={store.stepIndex}>
        <Stepper
          steps={stepper.steps.map((id) => ({ id, label: t(stepLabel(id, card)) }))}
          current={stepper.current}
          status={stepper.status}
          doneLabel={t('step_done')}
          errorLabel={t('step_attention')}
        />
      </div>
      <p className={styles.muted}>
        {t('created_at')} <RelativeTime value={order.createdAt} locale={v.locale} />
      </p>
      <div data-testid="order-announcement">
        <LiveRegion>{announcement}</LiveRegion>
      </div>
    </Card>
  );
});

/**
 * The text for the polite live region: the new state when the state changes, the confirmations when only they
 * change; nothing for the first view (the page itself says it) nor for a re-render that changes neither.
 */
function useChangeAnnouncement(state: string, stateText: string, confirmations: number, confirmationsText: string): string {
  const last = useRef({ state, confirmations });
  const [message, setMessage] = useState('');
  useEffect(() => {
    const prev = last.current;
    if (prev.state === state && prev.confirmations === confirmations) return;
    last.current = { state, confirmations };
    setMessage(prev.state !== state ? stateText : confirmationsText);
  }, [state, stateText, confirmations, confirmationsText]);
  return message;
}

/** Issue 25: an address worth sending (the api checks it for real); the browser's own check would speak its language, not the page's. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const EmailOffer = observer(function EmailOffer({ store, v }: { store: OrderStore; v: View }) {
  const { t } = v;
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  if (store.emailSaved)
    return (
      <p className={styles.muted} data-testid="email-saved">
        {t('email_saved')}
      </p>
    );
  return (
    <form
      className={styles.emailForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const valid = LOOKS_LIKE_EMAIL.test(email.trim());
        setInvalid(!valid);
        if (valid) void store.setEmail(email);
      }}
    >
      <TextField
        id="order-email-link"
        type="email"
        className={styles.emailField}
        label={t('email_offer')}
        placeholder={t('email_placeholder')}
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setInvalid(false);
        }}
        error={invalid ? <span data-testid="order-email-error">{t('error_email_invalid')}</span> : undefined}
        data-testid="order-email"
      />
      <Button type="submit" variant="secondary" loading={store.busyAction === 'email'} data-testid="order-email-send">
        {t('email_send')}
      </Button>
    </form>
  );
});
