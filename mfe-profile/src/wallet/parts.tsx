// The wallet's pieces the wallet and withdraw tabs share: the balances, the withdrawals and the credits tables.
import { observer } from 'mobx-react-lite';
import type { HostServices, LedgerEntry, WithdrawalRecord, WithdrawalStatus } from 'shared-contracts';
import { Badge, Card, type TableColumn, Table, type Tone } from 'remote-kit/ui';
import { RelativeTime } from 'remote-kit/format';
import { formatRate, formatUsdt, intlLocale } from '../lib/locale';
import { useT } from '../i18n/useT';
import type { WalletStore } from './WalletStore';
import styles from '../layout/profile.module.css';

const WITHDRAWAL_TONE: Record<WithdrawalStatus, Tone> = { PENDING: 'warning', PROCESSING: 'info', COMPLETED: 'success', FAILED: 'danger' };

/** A long address or hash, shortened for a table cell (the whole value in its title). */
function short(value: string, head = 6, tail = 4): string {
  return value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
}

export const BalancesCard = observer(function BalancesCard({ host, store }: { host: HostServices; store: WalletStore }) {
  const t = useT(host);
  const locale = intlLocale(host);
  const list = store.balances.length > 0 ? store.balances : [store.usdt];
  return (
    <Card title={t('wallet_balances_title')} data-testid="wallet-balances">
      <dl className={styles.facts}>
        {list.map((b) => (
          <div key={`${b.currencyTitle}|${b.networkTitle}`} className={styles.contents} data-testid="wallet-balance" data-currency={b.currencyTitle}>
            <dt>{t('wallet_available', { currency: b.currencyTitle })}</dt>
            <dd data-testid="wallet-available" data-amount={b.amount}>
              {formatUsdt(b.amount, locale)} {b.currencyTitle}
            </dd>
            <dt title={t('wallet_held_hint')}>{t('wallet_held', { currency: b.currencyTitle })}</dt>
            <dd data-testid="wallet-held" data-amount={b.held}>
              {formatUsdt(b.held, locale)} {b.currencyTitle}
            </dd>
            <dt>{t('wallet_pending', { currency: b.currencyTitle })}</dt>
            <dd data-testid="wallet-pending" data-amount={b.pending}>
              {formatUsdt(b.pending, locale)} {b.currencyTitle}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
});

export const WithdrawalsTable = observer(function WithdrawalsTable({ host, store }: { host: HostServices; store: WalletStore }) {
  const t = useT(host);
  const locale = intlLocale(host);
  const columns: TableColumn[] = [
    { key: 'date', header: t('withdrawals_col_date') },
    { key: 'status', header: t('withdrawals_col_status') },
    { key: 'amount', header: t('withdrawals_col_amount'), align: 'end' },
    { key: 'address', header: t('withdrawals_col_address') },
    { key: 'tx', header: t('withdrawals_col_tx') },
  ];
  const rows = store.withdrawals.map((w: WithdrawalRecord) => ({
    key: w.id,
    data: { 'data-testid': 'withdrawal-row', 'data-withdrawal-id': w.id, 'data-status': w.status },
    cells: {
      date: (
        <span className={styles.nowrap}>
          <RelativeTime value={w.createdAt} locale={locale} />
        </span>
      ),
      status: (
        <span className={styles.stack}>
          <span data-testid="withdrawal-status">
            <Badge tone={WITHDRAWAL_TONE[w.status]}>{t(`withdrawal_status_${w.status}`)}</Badge>
          </span>
          {w.status === 'FAILED' && <span className={styles.muted}>{t('withdrawal_failed_note')}</span>}
        </span>
      ),
      amount: (
        <span className={styles.nowrap}>
          {formatUsdt(w.amount, locale)} {w.currencyTitle}
        </span>
      ),
      address: (
        <span className={styles.mono} title={w.address}>
          {short(w.address)}
        </span>
      ),
      tx: w.txHash ? (
        <span className={styles.mono} title={w.txHash}>
          {short(w.txHash, 8, 6)}
        </span>
      ) : (
        <span className={styles.muted}>—</span>
      ),
    },
  }));
  return <Table data-testid="withdrawals-table" caption={t('withdrawals_caption')} columns={columns} rows={rows} empty={t('withdrawals_empty')} />;
});

/** Credits: affiliate accruals and cashbacks (`kinds` narrows them), with the order, its volume and the rate applied. */
export function CreditsTable({
  host,
  entries,
  caption,
  empty,
  'data-testid': testId,
  rowTestId,
}: {
  host: HostServices;
  entries: readonly LedgerEntry[];
  caption: string;
  empty: string;
  'data-testid': string;
  rowTestId: string;
}) {
  const t = useT(host);
  const locale = intlLocale(host);
  const columns: TableColumn[] = [
    { key: 'date', header: t('credits_col_date') },
    { key: 'kind', header: t('credits_col_kind') },
    { key: 'order', header: t('credits_col_order') },
    { key: 'volume', header: t('credits_col_volume'), align: 'end' },
    { key: 'rate', header: t('credits_col_rate'), align: 'end' },
    { key: 'amount', header: t('credits_col_amount'), align: 'end' },
  ];
  const rows = entries.map((e) => ({
    key: e.id,
    data: { 'data-testid': rowTestId, 'data-kind': e.kind, 'data-amount': e.amount, 'data-order-id': e.orderId },
    cells: {
      date: (
        <span className={styles.nowrap}>
          <RelativeTime value={e.createdAt} locale={locale} />
        </span>
      ),
      kind: <Badge tone={e.kind === 'CASHBACK' ? 'info' : 'success'}>{t(e.kind === 'CASHBACK' ? 'credit_kind_cashback' : 'credit_kind_commission')}</Badge>,
      order: <span className={styles.mono}>{e.orderId}</span>,
      volume: <span className={styles.nowrap}>{formatUsdt(e.volume, locale)} USDT</span>,
      rate: <span className={styles.nowrap}>{formatRate(e.rate, locale)}</span>,
      amount: (
        <span className={styles.nowrap}>
          +{formatUsdt(e.amount, locale)} {e.currencyTitle}
        </span>
      ),
    },
  }));
  return <Table data-testid={testId} caption={caption} columns={columns} rows={rows} empty={empty} />;
}
