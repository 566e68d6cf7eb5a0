import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import { type Order, pageParams, pageQuery, type RemotePageProps } from 'shared-contracts';
import { OrderStore } from '../order/OrderStore';
import { snapshotInstruments, snapshotOrder } from '../order/orderSnapshot';
import { CopyButton } from './CopyButton';
import { QrCode } from './QrCode';
import { useT } from './useT';
import styles from './order.module.css';

/** `/order/{id}?destinationAddress=…` and `/order/pending` (spec §2, §4, §8). An observer: follows the id and query. */
export const OrderPage = observer(function OrderPage({ host }: RemotePageProps) {
  const t = useT(host);
  const { id } = pageParams(host.route, 'mfe_order', 'Order');
  const destination = pageQuery(host.route, 'mfe_order', 'Order').destinationAddress;
  const pending = id === 'pending';
  return (
    <section className={styles.page}>
      <h1 data-testid="page-title" className={styles.title}>
        {t(pending ? 'pending_title' : 'order_title')}
      </h1>
      {!pending && (
        <p className={styles.muted} data-testid="order-id">
          {t('order_id', { id })}
        </p>
      )}
      {/* another order (id or address) is another store */}
      <OrderBody key={`${id}\n${destination ?? ''}`} host={host} id={id} destination={destination} t={t} />
    </section>
  );
});

/** One store per order shown, created in render (from the server's order when it is this one), started after mount. */
function OrderBody({ host, id, destination, t }: { host: RemotePageProps['host']; id: string; destination: string | undefined; t: TFunction }) {
  const [store] = useState(
    () =>
      new OrderStore({
        api: host.api,
        orderId: id,
        destinationAddress: destination,
        wsUrl: host.config.wsUrl,
        notify: (n) => host.notify(n),
        translate: (key) => host.i18n.t(key, { ns: 'mfe-order' }),
        initialOrder: snapshotOrder(host.initialData, id, destination),
        initialInstruments: snapshotInstruments(host.initialData, id, destination),
      }),
  );
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  return <OrderView store={store} t={t} />;
}

const OrderView = observer(function OrderView({ store, t }: { store: OrderStore; t: TFunction }) {
  switch (store.status) {
    case 'pending':
      return <p className={styles.muted}>{t('pending_text')}</p>;
    case 'addressIncorrect':
      return (
        <p role="alert" className={styles.error} data-testid="order-address-incorrect">
          {t('error_address_incorrect')}
        </p>
      );
    case 'loading':
      return (
        <p className={styles.muted} aria-busy="true">
          {t('loading')}
        </p>
      );
    case 'loadFailed':
      return (
        <p role="alert" className={styles.error}>
          {t('load_failed')}
        </p>
      );
  }
  const order = store.order!;
  const step = store.stepIndex;
  const from = order.pair.instrumentFrom;
  const to = order.pair.instrumentTo;
  return (
    <>
      <ol className={styles.steps} data-testid="order-steps" data-step={step}>
        {(['step_send', 'step_exchange', 'step_receive'] as const).map((key, i) => {
          const n = i + 1;
          const cls = step > n || step >= 3 ? styles.stepDone : step === n ? styles.stepCurrent : styles.step;
          return (
            <li key={key} className={cls} aria-current={step === n ? 'step' : undefined}>
              {t(key)}
            </li>
          );
        })}
      </ol>
      <p className={styles.state} data-testid="order-state" data-state={store.displayedState}>
        {t(`state_${store.displayedState}`)}
      </p>

      {store.onHold ? <HeldDeposit store={store} order={order} t={t} /> : null}

      {store.rateWarningShown || store.rateChangedWarningOpen ? <FixedRateProblems store={store} order={order} t={t} /> : null}

      {step <= 1 && !store.rateWarningShown ? <SendBlock order={order} t={t} /> : null}

      {order.orderDetails.depositTxHash || step >= 2 ? <TransactionBlock order={order} t={t} /> : null}

      {step === 3 ? (
        <div className={styles.card} data-testid="order-completed">
          <h2 className={styles.cardTitle}>{t('completed_title')}</h2>
          <p className={styles.muted}>
            {t('completed_text', { amount: order.withdrawals[0]?.amount ?? order.amountToGet, currency: to.currencyTitle, address: order.destinationAddress })}
          </p>
        </div>
      ) : null}

      {store.displayedState === 'REFUND_REQUESTED' ? (
        <div className={styles.card} data-testid="order-refund-requested">
          <p className={styles.muted}>{t('refund_requested_text', { address: order.refundAddress ?? '' })}</p>
          <EventNote order={order} kind="REFUND_REQUESTED" t={t} />
        </div>
      ) : null}

      {step === 4 ? (
        <div className={styles.card} data-testid="order-refund-completed">
          <h2 className={styles.cardTitle}>{t('refund_completed_title')}</h2>
          <p className={styles.muted}>
            {t('refund_completed_text', {
              amount: order.orderDetails.refundAmount ?? store.refundInfo?.refundAmountWithoutNetworkFee ?? '',
              currency: from.currencyTitle,
              address: order.refundAddress ?? '',
            })}
          </p>
          {order.orderDetails.refundTxHash ? <p className={styles.mono}>{order.orderDetails.refundTxHash}</p> : null}
        </div>
      ) : null}

      {!order.userEmail ? <EmailOffer store={store} t={t} /> : null}
      <p className={styles.muted}>{t('link_hint')}</p>
    </>
  );
});

function SendBlock({ order, t }: { order: Order; t: TFunction }) {
  const d = order.orderDetails;
  const from = order.pair.instrumentFrom;
  return (
    <div className={styles.card} data-testid="order-send">
      <h2 className={styles.cardTitle}>{t('send_title', { amount: order.claimedDepositAmount, currency: from.currencyTitle })}</h2>
      <p className={styles.muted}>{t('send_network', { network: from.networkTitle })}</p>
      <div className={styles.sendGrid}>
        <div>
          <p className={styles.muted}>{t('deposit_address')}</p>
          <div className={styles.row}>
            <span className={styles.mono} data-testid="deposit-address">
              {d.depositAddress}
            </span>
            <CopyButton text={d.depositAddress} label={t('copy')} copiedLabel={t('copied')} testId="copy-deposit-address" />
          </div>
          {d.depositAddressMemo ? (
            <>
              <p className={styles.muted}>{t('deposit_memo')}</p>
              <div className={styles.row}>
                <span className={styles.mono} data-testid="deposit-memo">
                  {d.depositAddressMemo}
                </span>
                <CopyButton text={d.depositAddressMemo} label={t('copy')} copiedLabel={t('copied')} testId="copy-deposit-memo" />
              </div>
            </>
          ) : null}
          <p className={styles.muted}>{t('you_get', { amount: order.amountToGet, currency: order.pair.instrumentTo.currencyTitle })}</p>
          {order.rateMode === 'FIXED' && d.fixedRateExpiresAt ? <TimeLeft until={d.fixedRateExpiresAt} t={t} /> : null}
        </div>
        <QrCode value={d.depositAddress} label={t('qr_label')} />
      </div>
    </div>
  );
}

function TransactionBlock({ order, t }: { order: Order; t: TFunction }) {
  const d = order.orderDetails;
  const left = Math.max(0, d.requiredConfirmations - d.confirmations);
  return (
    <div className={styles.card} data-testid="order-transactions">
      <h2 className={styles.cardTitle}>{t('tx_title')}</h2>
      {d.depositTxHash ? (
        <p className={styles.muted}>
          {t('deposit_tx')}:{' '}
          <span className={styles.mono} data-testid="deposit-tx">
            {d.depositTxHash}
          </span>
        </p>
      ) : null}
      <p data-testid="confirmations">{t('confirmations', { count: Math.min(d.confirmations, d.requiredConfirmations), required: d.requiredConfirmations })}</p>
      {left > 0 && d.secondsPerConfirmation ? (
        <p className={styles.muted}>{t('estimated_time', { time: formatDuration(left * d.secondsPerConfirmation * 1000) })}</p>
      ) : null}
      {d.payoutTxHash ? (
        <p className={styles.muted}>
          {t('payout_tx')}:{' '}
          <span className={styles.mono} data-testid="payout-tx">
            {d.payoutTxHash}
          </span>
        </p>
      ) : null}
    </div>
  );
}

const FixedRateProblems = observer(function FixedRateProblems({ store, order, t }: { store: OrderStore; order: Order; t: TFunction }) {
  const problem = store.problemEvent;
  const offered = order.orderDetails.offeredRate;
  const info = store.refundInfo;
  const from = order.pair.instrumentFrom.currencyTitle;
  const to = order.pair.instrumentTo.currencyTitle;
  return (
    <div className={`${styles.card} ${styles.warning}`} role="alert" data-testid="fixed-rate-problems" data-problem={problem?.kind ?? ''}>
      <h2 className={styles.cardTitle}>{t('problem_title')}</h2>
      {problem ? <p>{t(`state_${problem.kind}`)}</p> : <p>{t('rate_changed_warning')}</p>}
      {problem ? <EventNote order={order} kind={problem.kind} t={t} /> : null}
      {offered ? <p data-testid="offered-rate">{t('offered_rate', { from, to, price: offered.price, amount: offered.amountToGet })}</p> : null}
      {info && order.refundAddress ? (
        <p className={styles.muted}>
          {t('refund_amount', { amount: info.refundAmountWithoutNetworkFee, fee: info.networkFee, currency: from, address: order.refundAddress })}
        </p>
      ) : null}
      <p className={styles.muted}>{t('problem_choose')}</p>
      <div className={styles.row}>
        <button
          type="button"
          className={styles.secondary}
          disabled={!!store.busyAction}
          onClick={() => void store.requestRefund()}
          data-testid="request-refund"
        >
          {t('request_refund')}
        </button>
        {store.rateChangedWarningOpen ? (
          <button
            type="button"
            className={styles.primary}
            disabled={!!store.busyAction}
            onClick={() => void store.acceptNewRate()}
            data-testid="accept-new-rate"
          >
            {t('accept_new_rate')}
          </button>
        ) : null}
      </div>
      {store.actionError ? (
        <p className={styles.error} data-testid="order-action-error">
          {t(store.actionError)}
        </p>
      ) : null}
    </div>
  );
});

/**
 * Issue 7: the deposit was above the pair's limits and is held. Says why in a sentence, then the refund:
 * to the order's refund address, or to one the customer types here (floating orders have none).
 */
const HeldDeposit = observer(function HeldDeposit({ store, order, t }: { store: OrderStore; order: Order; t: TFunction }) {
  const hold = store.holdEvent;
  const from = order.pair.instrumentFrom;
  const info = store.refundInfo;
  const vars = { amount: order.deposits[0]?.amount ?? order.claimedDepositAmount, currency: from.currencyTitle, limit: order.orderDetails.depositLimit ?? '' };
  const invalid = !!store.actionError?.startsWith('error_refund_address');
  return (
    <div className={`${styles.card} ${styles.warning}`} data-testid="order-on-hold" data-reason={hold?.reason ?? ''}>
      <h2 className={styles.cardTitle}>{t('hold_title')}</h2>
      <p data-testid="hold-reason">{t(`hold_text_${hold?.reason}`, { ...vars, defaultValue: t('hold_text_other', vars) })}</p>
      <p data-testid="hold-next-step">{t(`hold_next_${hold?.nextStep}`, { defaultValue: t('hold_next_other') })}</p>
      {info ? (
        <p className={styles.muted} data-testid="hold-refund-amount">
          {order.refundAddress
            ? t('refund_amount', {
                amount: info.refundAmountWithoutNetworkFee,
                fee: info.networkFee,
                currency: from.currencyTitle,
                address: order.refundAddress,
              })
            : t('refund_amount_no_address', { amount: info.refundAmountWithoutNetworkFee, fee: info.networkFee, currency: from.currencyTitle })}
        </p>
      ) : null}
      <form
        className={styles.refundForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void store.requestRefund();
        }}
      >
        {store.needsRefundAddress ? (
          <>
            <label htmlFor="order-refund-address" className={styles.muted}>
              {t('refund_address_label', { currency: from.currencyTitle, network: from.networkTitle })}
            </label>
            <input
              id="order-refund-address"
              className={styles.input}
              value={store.refundAddressInput}
              onChange={(e) => store.setRefundAddress(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'order-refund-error' : undefined}
              data-testid="refund-address"
            />
            {store.refundTakesMemo ? (
              <>
                <label htmlFor="order-refund-memo" className={styles.muted}>
                  {t('refund_memo_label')}
                </label>
                <input
                  id="order-refund-memo"
                  className={styles.input}
                  value={store.refundMemoInput}
                  onChange={(e) => store.setRefundMemo(e.target.value)}
                  autoComplete="off"
                  data-testid="refund-memo"
                />
              </>
            ) : null}
          </>
        ) : null}
        <div className={styles.row}>
          <button type="submit" className={styles.primary} disabled={!!store.busyAction} data-testid="request-refund">
            {t('request_refund')}
          </button>
        </div>
      </form>
      {store.actionError ? (
        <p id="order-refund-error" role="alert" className={styles.error} data-testid="order-action-error">
          {t(store.actionError)}
        </p>
      ) : null}
    </div>
  );
});

/** Off-path events carry a machine-readable reason and the next step: shown in words. */
function EventNote({ order, kind, t }: { order: Order; kind: string; t: TFunction }) {
  const event = [...order.orderEvents].reverse().find((e) => e.kind === kind);
  if (!event?.reason && !event?.nextStep) return null;
  return (
    <>
      {event.reason ? <p data-testid="event-reason">{t('problem_reason', { reason: t(`reason_${event.reason}`, { defaultValue: event.reason }) })}</p> : null}
      {event.nextStep ? (
        <p data-testid="event-next-step">{t('problem_next', { next: t(`next_${event.nextStep}`, { defaultValue: event.nextStep }) })}</p>
      ) : null}
    </>
  );
}

const EmailOffer = observer(function EmailOffer({ store, t }: { store: OrderStore; t: TFunction }) {
  const [email, setEmail] = useState('');
  if (store.emailSaved)
    return (
      <p className={styles.muted} data-testid="email-saved">
        {t('email_saved')}
      </p>
    );
  return (
    <form
      className={styles.row}
      onSubmit={(e) => {
        e.preventDefault();
        if (email.trim()) void store.setEmail(email);
      }}
    >
      <label htmlFor="order-email-link" className={styles.muted}>
        {t('email_offer')}
      </label>
      <input
        id="order-email-link"
        type="email"
        className={styles.input}
        placeholder={t('email_placeholder')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        data-testid="order-email"
      />
      <button type="submit" className={styles.secondary} disabled={store.busyAction === 'email'} data-testid="order-email-send">
        {t('email_send')}
      </button>
    </form>
  );
});

/** Counts down from mount; before it (the server render and hydration) the time is a placeholder, the same on both. */
function TimeLeft({ until, t }: { until: string; t: TFunction }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = now === null ? null : Date.parse(until) - now;
  return (
    <p data-testid="time-left">
      {left === null ? t('time_left', { time: '–:––' }) : left > 0 ? t('time_left', { time: formatDuration(left) }) : t('time_expired')}
    </p>
  );
}

function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
