import type { Instrument, Order } from 'shared-contracts';
import { ButtonLink, Card } from 'remote-kit/ui';
import { samePairPath } from './samePairPath';
import styles from './order.module.css';
import { amountOf, percentOf, type View } from './view';

/**
 * Issue 25: the order at a glance while it runs — what is sent, what arrives, at which rate and where. A fixed-rate
 * order's receive amount is exact (§4: the fixed rate holds the amount); a floating one is "about" until it is paid out.
 */
export function OrderSummary({
  order,
  from,
  to,
  card,
  v,
}: {
  order: Order;
  from: Instrument | undefined;
  to: Instrument | undefined;
  /** a card purchase is paid, not sent */
  card: boolean;
  v: View;
}) {
  const { t } = v;
  const fromRef = order.pair.instrumentFrom;
  const toRef = order.pair.instrumentTo;
  const fixed = order.rateMode === 'FIXED';
  const receive = { amount: amountOf(v, order.amountToGet, to), currency: toRef.currencyTitle };
  const rate = { from: fromRef.currencyTitle, to: toRef.currencyTitle, price: amountOf(v, order.claimedPublicRate.price, to) };
  return (
    <Card title={t('summary_title')} data-testid="order-summary">
      <dl className={styles.summary}>
        <div className={styles.detail}>
          <dt className={styles.term}>{t(card ? 'summary_pay' : 'summary_send')}</dt>
          <dd className={styles.value} data-testid="summary-send">
            {t('summary_amount', { amount: amountOf(v, order.claimedDepositAmount, from), currency: fromRef.currencyTitle })}
          </dd>
        </div>
        <div className={styles.detail}>
          <dt className={styles.term}>{t('summary_receive')}</dt>
          <dd className={styles.value} data-testid="summary-receive">
            {t(fixed ? 'summary_amount' : 'summary_amount_about', receive)}
          </dd>
        </div>
        <div className={styles.detail}>
          <dt className={styles.term}>{t(fixed ? 'summary_rate_fixed' : 'summary_rate_floating')}</dt>
          <dd className={styles.value} data-testid="summary-rate" data-rate-mode={order.rateMode}>
            {t(fixed ? 'summary_rate_exact' : 'summary_rate_about', rate)}
          </dd>
        </div>
        {!fixed && order.maxSlippage ? (
          // issue 29: how much less than quoted the floating order may pay before it stops for the customer's choice
          <div className={styles.detail}>
            <dt className={styles.term}>{t('summary_max_slippage')}</dt>
            <dd className={styles.value} data-testid="summary-max-slippage">
              {t('summary_percent', { value: percentOf(v, order.maxSlippage) })}
            </dd>
          </div>
        ) : null}
        <div className={`${styles.detail} ${styles.wide}`}>
          <dt className={styles.term}>{t('destination_address', { currency: toRef.currencyTitle })}</dt>
          <dd className={styles.mono} data-testid="destination-address">
            {order.destinationAddress}
          </dd>
        </div>
        {order.destinationAddressMemo ? (
          <div className={`${styles.detail} ${styles.wide}`}>
            <dt className={styles.term}>{t('destination_memo')}</dt>
            <dd className={styles.mono} data-testid="destination-memo">
              {order.destinationAddressMemo}
            </dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

/** Issue 25: a finished order's next step, another exchange of the same pair (its form, `/ru` added by the host's Link). */
export function NewExchangeLink({ order, from, to, v }: { order: Order; from: Instrument | undefined; to: Instrument | undefined; v: View }) {
  const { Link } = v;
  const path = samePairPath(order, from, to);
  return (
    <div className={styles.actions}>
      <ButtonLink render={(p) => <Link to={path} data-testid="order-new-exchange" {...p} />}>{v.t('new_exchange')}</ButtonLink>
    </div>
  );
}
