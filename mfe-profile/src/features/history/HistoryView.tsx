import { observer } from 'mobx-react-lite';
import { type HostServices, type InstrumentRef, pagePath } from 'shared-contracts';
import { Badge, Button, ButtonLink, Table, type TableColumn } from 'remote-kit/ui';
import { formatAmount, RelativeTime } from 'remote-kit/format';
import { Loadable } from 'remote-kit/load';
import { EmptyCard } from '../../layout/EmptyCard';
import { useT } from '../../i18n/useT';
import { formatUsdt, intlLocale } from '../../lib/locale';
import type { HistoryOrder, OrderHistoryStore } from './OrderHistoryStore';
import { orderStatus, STATUS_TONE } from './orderStatus';
import styles from '../../layout/profile.module.css';

/** "BTC", or "USDT (TRC20)" when the network is not the currency's own. */
function instrumentLabel(ref: InstrumentRef): string {
  return ref.networkTitle === ref.currencyTitle ? ref.currencyTitle : `${ref.currencyTitle} (${ref.networkTitle})`;
}

export const HistoryView = observer(function HistoryView({ host, store }: { host: HostServices; store: OrderHistoryStore }) {
  const t = useT(host);
  return (
    <Loadable
      status={store.loadState.status}
      testId="history"
      loadingLabel={t('history_loading')}
      errorMessage={t('history_error')}
      retryLabel={t('history_retry')}
      onRetry={() => void store.load(store.page)}
    >
      <HistoryContent host={host} store={store} />
    </Loadable>
  );
});

const HistoryContent = observer(function HistoryContent({ host, store }: { host: HostServices; store: OrderHistoryStore }) {
  const t = useT(host);
  const go = (page: number) => {
    const query = new URLSearchParams(host.route.query);
    if (page > 1) query.set('page', String(page));
    else query.delete('page');
    host.setQuery(query, { replace: false });
  };
  if (store.isEmpty) {
    return (
      <EmptyCard
        data-testid="history-empty"
        title={t('history_empty_title')}
        actions={<ButtonLink render={(p) => <host.Link to={pagePath('mfe_exchange', 'Home')} {...p} />}>{t('history_make_exchange')}</ButtonLink>}
      >
        <p className={styles.text}>{t('history_empty')}</p>
      </EmptyCard>
    );
  }
  const locale = intlLocale(host);
  const columns: TableColumn[] = [
    { key: 'order', header: t('history_col_order') },
    { key: 'status', header: t('history_col_status') },
    { key: 'pair', header: t('history_col_pair') },
    { key: 'send', header: t('history_col_send'), align: 'end' },
    { key: 'get', header: t('history_col_get'), align: 'end' },
    { key: 'cashback', header: t('history_col_cashback'), align: 'end' },
    { key: 'date', header: t('history_col_date') },
  ];
  const amount = (value: string, ref: InstrumentRef) => (
    <span className={styles.nowrap}>
      {formatAmount(value, { locale, maxDecimals: store.precisionOf(ref) })} {ref.currencyTitle}
    </span>
  );
  const rows = store.items.map((order: HistoryOrder) => {
    const { instrumentFrom: from, instrumentTo: to } = order.pair;
    const status = orderStatus(order);
    const href = pagePath('mfe_order', 'Order', { id: order.orderId }, { destinationAddress: order.destinationAddress });
    return {
      key: order.orderId,
      data: { 'data-testid': 'history-row', 'data-order-id': order.orderId },
      cells: {
        order: (
          <span className={styles.mono}>
            <host.Link to={href} data-testid="history-order-link">
              {order.orderId.length > 12 ? `${order.orderId.slice(0, 8)}…` : order.orderId}
            </host.Link>
          </span>
        ),
        status: (
          <span data-testid="history-status" data-status={status}>
            <Badge tone={STATUS_TONE[status]}>{t(`status_${status}`)}</Badge>
          </span>
        ),
        pair: (
          <span className={styles.nowrap}>
            {instrumentLabel(from)} → {instrumentLabel(to)}
          </span>
        ),
        send: amount(order.claimedDepositAmount, from),
        get: amount(order.amountToGet, to),
        cashback: order.cashback ? (
          <span className={styles.nowrap} data-testid="history-cashback" data-amount={order.cashback}>
            +{formatUsdt(order.cashback, locale)} USDT
          </span>
        ) : (
          <span className={styles.muted} data-testid="history-cashback">
            —
          </span>
        ),
        date: (
          <span className={styles.nowrap}>
            <RelativeTime value={order.createdAt} locale={locale} />
          </span>
        ),
      },
    };
  });
  return (
    <>
      <Table data-testid="history-table" caption={t('history_caption')} captionHidden columns={columns} rows={rows} />
      {store.pageCount > 1 && (
        <nav className={styles.pager} aria-label={t('history_pages_label')} data-testid="history-pager">
          <Button variant="secondary" disabled={!store.hasPrevious} onClick={() => go(store.page - 1)} data-testid="history-previous">
            {t('history_previous')}
          </Button>
          <span className={styles.muted}>{t('history_page', { page: store.page, total: store.pageCount })}</span>
          <Button variant="secondary" disabled={!store.hasNext} onClick={() => go(store.page + 1)} data-testid="history-next">
            {t('history_next')}
          </Button>
        </nav>
      )}
    </>
  );
});
