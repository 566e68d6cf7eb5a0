import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { ApiClient, ReceiptPayload } from 'shared-contracts';
import { ExactDecimal, formatAmount } from 'remote-kit/format';
import { Button, ButtonLink, Card, Skeleton } from 'remote-kit/ui';
import { ReceiptStore } from './ReceiptStore';
import styles from './receipt.module.css';

export interface ReceiptCardProps {
  api: Pick<ApiClient, 'orderReceipt'>;
  t: TFunction;
  locale: string;
  orderId: string;
  destinationAddress: string;
}

/**
 * Issue 29: a completed or refunded order's signed receipt: the JWS as a file (`receipt-<orderId>.jws`) and the
 * decoded payload as a printable receipt with a Print button. The receipt is loaded after mount (the server render
 * shows the card's skeleton); what the printable view shows is the signed payload itself, decoded by the api.
 */
export function ReceiptCard({ api, t, locale, orderId, destinationAddress }: ReceiptCardProps) {
  const [store] = useState(() => new ReceiptStore({ api, orderId, destinationAddress }));
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  return <ReceiptView store={store} t={t} locale={locale} />;
}

const ReceiptView = observer(function ReceiptView({ store, t, locale }: { store: ReceiptStore; t: TFunction; locale: string }) {
  const receipt = store.receipt;
  return (
    <Card title={t('receipt_title')} data-testid="order-receipt">
      <p className={styles.muted}>{t('receipt_text')}</p>
      {store.status === 'failed' ? (
        <p role="alert" className={styles.error} data-testid="receipt-failed">
          {t('receipt_failed')}
        </p>
      ) : !receipt ? (
        <Skeleton lines={1} />
      ) : (
        <>
          <div className={styles.actions}>
            <ButtonLink variant="secondary" href={store.fileHref ?? undefined} download={store.fileName} data-testid="receipt-download">
              {t('receipt_download')}
            </ButtonLink>
            <Button variant="ghost" aria-expanded={store.printable} onClick={() => store.togglePrintable()} data-testid="receipt-printable-toggle">
              {t(store.printable ? 'receipt_printable_hide' : 'receipt_printable_show')}
            </Button>
          </div>
          {store.printable ? <PrintableReceipt payload={receipt.payload} kid={receipt.kid} jws={receipt.jws} t={t} locale={locale} /> : null}
        </>
      )}
    </Card>
  );
});

function PrintableReceipt({ payload: p, kid, jws, t, locale }: { payload: ReceiptPayload; kid: string; jws: string; t: TFunction; locale: string }) {
  const amount = (a: { amount: string; currency: string } | null) => (a ? `${formatAmount(a.amount, { locale, maxDecimals: 18 })} ${a.currency}` : '—');
  const time = (iso: string | null) => (iso ? `${new Date(iso).toLocaleString(locale, { timeZone: 'UTC' })} UTC` : '—');
  const side = (s: ReceiptPayload['pair']['from']) => `${s.currency} (${s.network})`;
  const refunded = p.outcome === 'REFUNDED';
  const rows: Array<[string, string, boolean?]> = [
    [t('receipt_order'), p.orderId, true],
    [t('receipt_outcome'), t(refunded ? 'receipt_outcome_refunded' : 'receipt_outcome_completed')],
    [t('receipt_pair'), `${side(p.pair.from)} → ${side(p.pair.to)}`],
    [t('receipt_rate_mode'), t(p.rateMode === 'FIXED' ? 'receipt_rate_fixed' : 'receipt_rate_floating')],
    ...(p.rate ? [[t('receipt_rate'), `1 ${p.pair.from.currency} = ${p.rate} ${p.pair.to.currency}`] as [string, string]] : []),
    ...(p.marketRate ? [[t('receipt_market_rate'), `1 ${p.pair.from.currency} = ${p.marketRate} ${p.pair.to.currency}`] as [string, string]] : []),
    [t('receipt_amount_in'), amount(p.amountIn)],
    [t(refunded ? 'receipt_amount_refunded' : 'receipt_amount_out'), amount(p.amountOut)],
    ...(refunded
      ? [[t('receipt_refund_network_fee'), amount(p.fees.refundNetworkFee)] as [string, string]]
      : [
          [t('receipt_network_fee'), amount(p.fees.networkFee)] as [string, string],
          [t('receipt_service_fee'), amount(p.fees.serviceFee)] as [string, string],
          [
            t('receipt_spread'),
            p.fees.spread
              ? `${formatAmount(ExactDecimal.from(p.fees.spread.fraction).times(100).toFixed(), { locale, maxDecimals: 4 })} % (${amount(p.fees.spread.amount)})`
              : '—',
          ] as [string, string],
        ]),
    [t('receipt_deposit_tx'), p.transactions.deposit ?? '—', true],
    ...(refunded
      ? [[t('receipt_refund_tx'), p.transactions.refund ?? '—', true] as [string, string, boolean]]
      : [[t('receipt_payout_tx'), p.transactions.payout ?? '—', true] as [string, string, boolean]]),
    [t('receipt_created_at'), time(p.times.createdAt)],
    [t('receipt_deposit_at'), time(p.times.depositAt)],
    [refunded ? t('receipt_refunded_at') : t('receipt_completed_at'), time(refunded ? p.times.refundedAt : p.times.completedAt)],
    [t('receipt_issuer'), p.iss],
    [t('receipt_issued_at'), time(new Date(p.iat * 1000).toISOString())],
    [t('receipt_key'), kid, true],
  ];
  return (
    <article className={styles.printable} data-testid="receipt-printable" aria-label={t('receipt_printable_title')}>
      <h3 className={styles.printableTitle}>{t('receipt_printable_title')}</h3>
      <dl className={styles.rows}>
        {rows.map(([label, value, mono]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd className={mono ? styles.mono : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>{t('receipt_verify_hint')}</p>
      <pre className={styles.jws} data-testid="receipt-jws">
        {jws}
      </pre>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Button onClick={() => window.print()} data-testid="receipt-print">
          {t('receipt_print')}
        </Button>
      </div>
    </article>
  );
}
