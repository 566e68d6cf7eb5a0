import type { Instrument, Order, OrderEventKind } from 'shared-contracts';
import { RelativeTime } from 'remote-kit/format';
import { Card } from 'remote-kit/ui';
import { explorerTxLink } from './explorer';
import { ExplorerLink } from './ExplorerLink';
import { OrderEstimate } from './OrderEstimate';
import styles from './order.module.css';
import { formatDuration, type View } from './view';

const eventTime = (order: Order, kind: OrderEventKind) => [...order.orderEvents].reverse().find((e) => e.kind === kind)?.createdAt;

/**
 * §2 order step block "transaction": confirmations and the time they may take, then each transaction (deposit,
 * payout, refund) with its hash linked to the network's block explorer (the catalogue's template; plain text
 * without one) and when it happened. In sandbox mode the hashes are made up and are linked all the same: the api
 * marks no transaction as simulated, and the catalogue's template is the network's truth (as the deposit address is).
 */
export function TransactionsCard({
  order,
  from,
  to,
  card = false,
  v,
}: {
  order: Order;
  from: Instrument | undefined;
  to: Instrument | undefined;
  /** a card order (issue 12): paid by card, so no deposit confirmations to count */
  card?: boolean;
  v: View;
}) {
  const { t } = v;
  const d = order.orderDetails;
  const left = Math.max(0, d.requiredConfirmations - d.confirmations);
  return (
    <Card title={t('tx_title')} data-testid="order-transactions">
      {card ? null : (
        <p className={styles.value} data-testid="confirmations">
          {t('confirmations', { confirmed: Math.min(d.confirmations, d.requiredConfirmations), count: d.requiredConfirmations })}
        </p>
      )}
      {!card && left > 0 && d.secondsPerConfirmation ? (
        <p className={styles.muted}>{t('estimated_time', { time: formatDuration(left * d.secondsPerConfirmation * 1000) })}</p>
      ) : null}
      {/* issue 29: the network's measured time from the deposit seen to the payout sent, until the payout is sent */}
      {d.estimatedSeconds && !d.payoutTxHash && !d.refundTxHash ? <OrderEstimate estimate={d.estimatedSeconds} v={v} /> : null}
      <dl className={styles.details}>
        {d.depositTxHash ? (
          <TxRow
            label={t('deposit_tx')}
            hash={d.depositTxHash}
            href={explorerTxLink(from, d.depositTxHash)}
            time={order.deposits[0]?.createdAt ?? eventTime(order, 'DEPOSIT_REGISTERED')}
            testId="deposit-tx"
            v={v}
          />
        ) : null}
        {d.payoutTxHash ? (
          <TxRow
            label={t('payout_tx')}
            hash={d.payoutTxHash}
            href={explorerTxLink(to, d.payoutTxHash)}
            time={order.withdrawals[0]?.createdAt ?? eventTime(order, 'WITHDRAWAL_COMPLETED')}
            testId="payout-tx"
            v={v}
          />
        ) : null}
        {d.refundTxHash ? (
          <TxRow
            label={t('refund_tx')}
            hash={d.refundTxHash}
            href={explorerTxLink(from, d.refundTxHash)}
            time={eventTime(order, 'REFUND_COMPLETED')}
            testId="refund-tx"
            v={v}
          />
        ) : null}
      </dl>
    </Card>
  );
}

function TxRow({
  label,
  hash,
  href,
  time,
  testId,
  v,
}: {
  label: string;
  hash: string;
  href: string | undefined;
  time: string | undefined;
  testId: string;
  v: View;
}) {
  return (
    <div className={styles.detail}>
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.valueRow}>
        <ExplorerLink href={href} v={v}>
          <span className={styles.mono} data-testid={testId}>
            {hash}
          </span>
        </ExplorerLink>
      </dd>
      {time ? (
        <dd className={styles.note}>
          <RelativeTime value={time} locale={v.locale} />
        </dd>
      ) : null}
    </div>
  );
}
