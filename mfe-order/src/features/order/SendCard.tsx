import { observer } from 'mobx-react-lite';
import type { Instrument, Order } from 'shared-contracts';
import { useNow } from 'remote-kit/format';
import { Badge, ButtonLink, Card, CopyButton, QrCode, RedirectModal, VisuallyHidden } from 'remote-kit/ui';
import { explorerAddressLink, explorerHost } from './explorer';
import type { OrderStore } from './OrderStore';
import { paymentUri } from './paymentUri';
import { samePairPath } from './samePairPath';
import { ExplorerLink } from './ExplorerLink';
import styles from './order.module.css';
import { amountOf, formatDuration, type View } from './view';

/**
 * Issue 23: a fixed-rate order still waiting for its deposit after the fixed-rate window. Known after mount only (the
 * server render and hydration show the send block): the clock is the browser's.
 */
export function useFixedRateExpired(order: Order): boolean {
  const now = useNow(1000);
  const expiresAt = order.rateMode === 'FIXED' ? order.orderDetails.fixedRateExpiresAt : null;
  const noDeposit = order.deposits.length === 0 && !order.orderDetails.depositTxHash;
  return !!expiresAt && noDeposit && now !== null && now >= Date.parse(expiresAt);
}

/**
 * §2 order step block "send": what to send, where, the memo where the network needs one (its own copy button and
 * QR code), the payment QR code (a payment URI with the amount where the network has one) and the fixed rate's time
 * beside the amount. Where the exchange is paid out is the summary's (issue 25). After the fixed-rate window it gives
 * way to FixedRateExpired.
 */
export function SendCard({ order, from, to, v }: { order: Order; from: Instrument | undefined; to: Instrument | undefined; v: View }) {
  const expired = useFixedRateExpired(order);
  return expired ? <FixedRateExpired order={order} from={from} to={to} v={v} /> : <SendDetails order={order} from={from} v={v} />;
}

/**
 * Issue 23: after the fixed-rate window the old amount is no longer the thing to send: no QR code, no amount to copy. Says
 * what happens to a deposit that still arrives (the §4 choice between the new rate and a refund) and offers a new order.
 */
function FixedRateExpired({ order, from, to, v }: { order: Order; from: Instrument | undefined; to: Instrument | undefined; v: View }) {
  const { t, Link } = v;
  const newOrderPath = samePairPath(order, from, to);
  return (
    <Card title={t('expired_title')} data-testid="order-fixed-expired" actions={<Badge tone="warning">{t('time_expired')}</Badge>}>
      <p className={styles.value}>{t('expired_text', { amount: order.claimedDepositAmount, currency: order.pair.instrumentFrom.currencyTitle })}</p>
      <p className={styles.text} data-testid="expired-late-deposit">
        {order.refundAddress ? t('expired_late_deposit', { address: order.refundAddress }) : t('expired_late_deposit_no_address')}
      </p>
      <p className={styles.muted}>{t('expired_new_order_hint')}</p>
      <div className={styles.actions}>
        <ButtonLink render={(p) => <Link to={newOrderPath} data-testid="expired-new-order" {...p} />}>{t('expired_new_order')}</ButtonLink>
      </div>
    </Card>
  );
}

function SendDetails({ order, from, v }: { order: Order; from: Instrument | undefined; v: View }) {
  const { t } = v;
  const d = order.orderDetails;
  const fromRef = order.pair.instrumentFrom;
  // issue 23: shown, copied and in the QR code, the amount is one value: the order's claimedDepositAmount as the api wrote it
  const amount = order.claimedDepositAmount;
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
      actions={<Badge>{t('send_network', { network: fromRef.networkTitle })}</Badge>}
    >
      {/* issue 25: the amount's copy button says what it copies, and the fixed rate's time left sits with the amount (first screen on a phone) */}
      <div className={styles.amountBar}>
        <CopyButton value={order.claimedDepositAmount} label={t('copy_amount')} copiedLabel={t('copied')} showLabel data-testid="copy-deposit-amount" />
        {order.rateMode === 'FIXED' && d.fixedRateExpiresAt ? <TimeLeft until={d.fixedRateExpiresAt} v={v} /> : null}
      </div>
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
    </Card>
  );
}

/**
 * Issue 12, a card order awaiting its payment (§4 card flow): what to pay, a link to the provider's payment page (a
 * new tab, so this page keeps polling and moves on by itself) and the fixed rate's time; what we send for it is the
 * summary's. No deposit address: there is no chain deposit.
 */
export function CardPaymentCard({ order, from, v }: { order: Order; from: Instrument | undefined; v: View }) {
  const { t } = v;
  const url = order.redirectUrl;
  return (
    <Card title={t('card_pay_title')} data-testid="card-payment">
      <div className={styles.amountBar}>
        <p className={styles.value} data-testid="card-pay-amount">
          {t('card_pay_amount', { amount: amountOf(v, order.claimedDepositAmount, from), currency: order.pair.instrumentFrom.currencyTitle })}
        </p>
        {order.rateMode === 'FIXED' && order.orderDetails.fixedRateExpiresAt ? <TimeLeft until={order.orderDetails.fixedRateExpiresAt} v={v} /> : null}
      </div>
      {url ? (
        <div className={styles.actions}>
          <PaymentLink href={url} testId="card-pay-link" v={v} />
        </div>
      ) : null}
      <p className={styles.muted} data-testid="card-pay-hint">
        {t(url ? 'card_pay_hint' : 'card_pay_preparing')}
      </p>
    </Card>
  );
}

/** A card order paid, before the exchange starts: said in place of the pay block. */
export function CardPaidCard({ v }: { v: View }) {
  return (
    <Card data-testid="card-payment-received">
      <p>{v.t('card_paid_text')}</p>
    </Card>
  );
}

/**
 * §2 redirect modal of type order: the payment page's link in a dialog, opened by the store once per page after
 * mount. Opening the link (a new tab) closes it.
 */
export const CardRedirectModal = observer(function CardRedirectModal({ store, order, v }: { store: OrderStore; order: Order; v: View }) {
  const { t } = v;
  const url = order.redirectUrl;
  if (!url) return null;
  const close = () => store.closeRedirectModal();
  return (
    <RedirectModal
      open={store.redirectModalOpen}
      onClose={close}
      title={t('redirect_title')}
      closeLabel={t('redirect_close')}
      dismissLabel={t('redirect_close')}
      dismissTestId="order-redirect-close"
      action={<PaymentLink href={url} testId="order-redirect-link" onClick={close} v={v} />}
      data-testid="order-redirect-modal"
    >
      <p>
        {t('redirect_text', {
          amount: amountOf(v, order.claimedDepositAmount, store.instrumentFrom),
          currency: order.pair.instrumentFrom.currencyTitle,
        })}
      </p>
    </RedirectModal>
  );
});

/** The provider's payment page, in a new tab; its accessible name says so. */
function PaymentLink({ href, testId, onClick, v }: { href: string; testId: string; onClick?: () => void; v: View }) {
  return (
    <ButtonLink href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} data-testid={testId}>
      {v.t('card_pay_link')}
      <VisuallyHidden> {v.t('card_pay_new_tab')}</VisuallyHidden>
    </ButtonLink>
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
