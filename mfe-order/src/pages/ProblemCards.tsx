import { observer } from 'mobx-react-lite';
import type { Order } from 'shared-contracts';
import { Badge, Button, Card, TextField } from 'remote-kit/ui';
import type { OrderStore } from '../order/OrderStore';
import styles from './order.module.css';
import { amountOf, type View } from './view';

/** §2 order step block "fixed-rate problems": what happened, why, what next, and the customer's two choices. */
export const FixedRateProblems = observer(function FixedRateProblems({ store, order, v }: { store: OrderStore; order: Order; v: View }) {
  const { t } = v;
  const problem = store.problemEvent;
  const offered = order.orderDetails.offeredRate;
  const info = store.refundInfo;
  const from = order.pair.instrumentFrom.currencyTitle;
  const to = order.pair.instrumentTo.currencyTitle;
  return (
    <div data-testid="fixed-rate-problems" data-problem={problem?.kind ?? ''}>
      <Card title={t('problem_title')} actions={<Badge tone="warning">{t('step_attention')}</Badge>}>
        <p className={styles.value}>{problem ? t(`state_${problem.kind}`) : t('rate_changed_warning')}</p>
        {problem ? <EventNote order={order} kind={problem.kind} v={v} /> : null}
        {offered ? (
          <p data-testid="offered-rate">
            {t('offered_rate', {
              from,
              to,
              price: amountOf(v, offered.price, store.instrumentTo),
              amount: amountOf(v, offered.amountToGet, store.instrumentTo),
            })}
          </p>
        ) : null}
        {info && order.refundAddress ? (
          <p className={styles.muted}>
            {t('refund_amount', {
              amount: amountOf(v, info.refundAmountWithoutNetworkFee, store.instrumentFrom),
              fee: amountOf(v, info.networkFee, store.instrumentFrom),
              currency: from,
              address: order.refundAddress,
            })}
          </p>
        ) : null}
        <p className={styles.muted}>{t('problem_choose')}</p>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={!!store.busyAction}
            loading={store.busyAction === 'refund'}
            onClick={() => void store.requestRefund()}
            data-testid="request-refund"
          >
            {t('request_refund')}
          </Button>
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
        {store.actionError ? (
          <p role="alert" className={styles.error} data-testid="order-action-error">
            {t(store.actionError)}
          </p>
        ) : null}
      </Card>
    </div>
  );
});

/**
 * Issue 7: the deposit was above the pair's limits and is held. Says why in a sentence, then the refund:
 * to the order's refund address, or to one the customer types here (floating orders have none).
 */
export const HeldDeposit = observer(function HeldDeposit({ store, order, v }: { store: OrderStore; order: Order; v: View }) {
  const { t } = v;
  const hold = store.holdEvent;
  const from = order.pair.instrumentFrom;
  const fromInstrument = store.instrumentFrom;
  const info = store.refundInfo;
  const vars = {
    amount: amountOf(v, order.deposits[0]?.amount ?? order.claimedDepositAmount, fromInstrument),
    currency: from.currencyTitle,
    limit: amountOf(v, order.orderDetails.depositLimit, fromInstrument),
  };
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
    <div data-testid="order-on-hold" data-reason={hold?.reason ?? ''}>
      <Card title={t('hold_title')} actions={<Badge tone="warning">{t('step_attention')}</Badge>}>
        <p data-testid="hold-reason">{t(`hold_text_${hold?.reason}`, { ...vars, defaultValue: t('hold_text_other', vars) })}</p>
        <p data-testid="hold-next-step">{t(`hold_next_${hold?.nextStep}`, { defaultValue: t('hold_next_other') })}</p>
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
          {asking ? (
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
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={!!store.busyAction} loading={store.busyAction === 'refund'} data-testid="request-refund">
              {t('request_refund')}
            </Button>
          </div>
        </form>
        {errorText && !addressError && !memoError ? <p className={styles.error}>{errorText}</p> : null}
      </Card>
    </div>
  );
});

/** Off-path events carry a machine-readable reason and the next step: shown in words. */
export function EventNote({ order, kind, v }: { order: Order; kind: string; v: View }) {
  const { t } = v;
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
