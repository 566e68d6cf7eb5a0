import type { Instrument, Order } from 'shared-contracts';
import { useNow } from 'remote-kit/format';
import { Badge, ButtonLink, Card, CopyButton } from 'remote-kit/ui';
import { explorerAddressLink, explorerHost } from '../order/explorer';
import { paymentUri } from '../order/paymentUri';
import { ExplorerLink } from './ExplorerLink';
import styles from './order.module.css';
import { QrCode } from './QrCode';
import { amountOf, formatDuration, type View } from './view';

/**
 * §2 order step block "send": what to send, where, the memo where the network needs one (its own copy button and
 * QR code), the payment QR code (a payment URI with the amount where the network has one) and the fixed rate's time.
 */
export function SendCard({ order, from, to, v }: { order: Order; from: Instrument | undefined; to: Instrument | undefined; v: View }) {
  const { t } = v;
  const d = order.orderDetails;
  const fromRef = order.pair.instrumentFrom;
  const amount = amountOf(v, order.claimedDepositAmount, from);
  const uri = paymentUri({
    instrument: { currencyTitle: fromRef.currencyTitle, networkTitle: fromRef.networkTitle, token: from?.token },
    address: d.depositAddress,
    amount: order.claimedDepositAmount,
    memo: d.depositAddressMemo,
  });
  const isUri = uri !== d.depositAddress.trim();
  const addressLink = explorerAddressLink(from, d.depositAddress);
  return (
    <Card
      title={t('send_title', { amount, currency: fromRef.currencyTitle })}
      data-testid="order-send"
      actions={
        <>
          <Badge>{t('send_network', { network: fromRef.networkTitle })}</Badge>
          <CopyButton value={order.claimedDepositAmount} label={t('copy_amount')} copiedLabel={t('copied')} data-testid="copy-deposit-amount" />
        </>
      }
    >
      <div className={styles.sendGrid}>
        <dl className={styles.details}>
          <div className={styles.detail}>
            <dt className={styles.term}>{t('deposit_address')}</dt>
            <dd className={styles.valueRow}>
              <span className={styles.mono} data-testid="deposit-address">
                {d.depositAddress}
              </span>
              <CopyButton value={d.depositAddress} label={t('copy_address')} copiedLabel={t('copied')} showLabel data-testid="copy-deposit-address" />
            </dd>
            {addressLink ? (
              <dd className={styles.note}>
                <ExplorerLink href={addressLink} v={v}>
                  {t('address_explorer', { host: explorerHost(addressLink) })}
                </ExplorerLink>
              </dd>
            ) : null}
          </div>
          {d.depositAddressMemo ? (
            <div className={styles.detail}>
              <dt className={styles.term}>{t('deposit_memo')}</dt>
              <dd className={styles.valueRow}>
                <span className={styles.mono} data-testid="deposit-memo">
                  {d.depositAddressMemo}
                </span>
                <CopyButton value={d.depositAddressMemo} label={t('copy_memo')} copiedLabel={t('copied')} showLabel data-testid="copy-deposit-memo" />
              </dd>
              <dd className={styles.note}>{t('memo_hint')}</dd>
              <dd className={styles.memoQr}>
                <QrCode value={d.depositAddressMemo} label={t('qr_memo_label')} testId="deposit-memo-qr" size="sm" />
              </dd>
            </div>
          ) : null}
        </dl>
        <div className={styles.qrColumn}>
          <QrCode value={uri} label={isUri ? t('qr_label_uri', { amount, currency: fromRef.currencyTitle }) : t('qr_label')} testId="deposit-qr" />
          {isUri ? (
            <ButtonLink href={uri} variant="secondary" size="sm">
              {t('open_in_wallet')}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      <p className={styles.muted}>{t('you_get', { amount: amountOf(v, order.amountToGet, to), currency: order.pair.instrumentTo.currencyTitle })}</p>
      {order.rateMode === 'FIXED' && d.fixedRateExpiresAt ? <TimeLeft until={d.fixedRateExpiresAt} v={v} /> : null}
    </Card>
  );
}

/** Counts down from mount; before it (the server render and hydration) the time is a placeholder, the same on both. */
function TimeLeft({ until, v }: { until: string; v: View }) {
  const now = useNow(1000);
  const left = now === null ? null : Date.parse(until) - now;
  return (
    <p className={styles.timeLeft} data-testid="time-left">
      {left === null ? v.t('time_left', { time: '–:––' }) : left > 0 ? v.t('time_left', { time: formatDuration(left) }) : v.t('time_expired')}
    </p>
  );
}
