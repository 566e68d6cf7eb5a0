// Order history: the signed-in user's orders, newest first, one page at a time (`?page=` in the URL).
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { Order, RemotePageProps } from 'shared-contracts';
import { pageStyles } from 'remote-kit/ui';
import { ProfileFrame } from '../layout/ProfileFrame';
import { useT } from '../pages/useT';
import { OrderHistoryStore } from './OrderHistoryStore';
import { orderStatus } from './orderStatus';
import { relativeTime } from './relativeTime';
import styles from '../layout/profile.module.css';

function pageFromQuery(query: URLSearchParams): number {
  const n = Number(query.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export const ProfileHistoryPage = observer(function ProfileHistoryPage({ host }: RemotePageProps) {
  const [store] = useState(() => new OrderHistoryStore(host.api));
  const authorised = host.session.isAuthorised;
  const page = pageFromQuery(host.route.query);
  useEffect(() => {
    if (authorised) void host.trackLoading(store.load(page));
  }, [authorised, host, page, store]);
  return (
    <ProfileFrame host={host} titleKey="history_title">
      <HistoryBody host={host} store={store} />
    </ProfileFrame>
  );
});

const HistoryBody = observer(function HistoryBody({ host, store }: { host: RemotePageProps['host']; store: OrderHistoryStore }) {
  const t = useT(host);
  const go = (page: number) => {
    const query = new URLSearchParams(host.route.query);
    if (page > 1) query.set('page', String(page));
    else query.delete('page');
    host.setQuery(query, { replace: false });
  };
  if (store.state === 'error') {
    return (
      <div className={styles.panel} role="alert" data-testid="history-error">
        <p className={styles.muted}>{t('history_error')}</p>
        <button type="button" className={styles.secondary} onClick={() => void store.load(store.page)}>
          {t('history_retry')}
        </button>
      </div>
    );
  }
  if (store.state !== 'ready') {
    return (
      <p className={styles.muted} aria-busy="true" data-testid="history-loading">
        {t('history_loading')}
      </p>
    );
  }
  if (store.isEmpty) {
    return (
      <div className={styles.panel} data-testid="history-empty">
        <p className={styles.muted}>{t('history_empty')}</p>
        <host.Link to="/" className={pageStyles.button}>
          {t('history_make_exchange')}
        </host.Link>
      </div>
    );
  }
  const now = Date.now();
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="history-table">
          <thead>
            <tr>
              <th>{t('history_col_order')}</th>
              <th>{t('history_col_status')}</th>
              <th>{t('history_col_pair')}</th>
              <th>{t('history_col_send')}</th>
              <th>{t('history_col_get')}</th>
              <th>{t('history_col_date')}</th>
            </tr>
          </thead>
          <tbody>
            {store.items.map((order) => (
              <HistoryRow key={order.orderId} host={host} order={order} now={now} />
            ))}
          </tbody>
        </table>
      </div>
      {store.pageCount > 1 && (
        <div className={styles.pager} data-testid="history-pager">
          <button type="button" className={styles.secondary} disabled={!store.hasPrevious} onClick={() => go(store.page - 1)} data-testid="history-previous">
            {t('history_previous')}
          </button>
          <span className={styles.muted}>{t('history_page', { page: store.page, count: store.pageCount })}</span>
          <button type="button" className={styles.secondary} disabled={!store.hasNext} onClick={() => go(store.page + 1)} data-testid="history-next">
            {t('history_next')}
          </button>
        </div>
      )}
    </>
  );
});

function HistoryRow({ host, order, now }: { host: RemotePageProps['host']; order: Order; now: number }) {
  const t = useT(host);
  const { instrumentFrom: from, instrumentTo: to } = order.pair;
  const status = orderStatus(order);
  const href = `/order/${encodeURIComponent(order.orderId)}?destinationAddress=${encodeURIComponent(order.destinationAddress)}`;
  const locale = host.locale.current === 'ru' ? 'ru-RU' : 'en';
  return (
    <tr data-testid="history-row" data-order-id={order.orderId}>
      <td>
        <host.Link to={href} data-testid="history-order-link">
          {order.orderId.length > 12 ? `${order.orderId.slice(0, 8)}…` : order.orderId}
        </host.Link>
      </td>
      <td>
        <span className={styles.status} data-testid="history-status" data-status={status}>
          {t(`status_${status}`)}
        </span>
      </td>
      <td>
        {from.currencyTitle} ({from.networkTitle}) → {to.currencyTitle} ({to.networkTitle})
      </td>
      <td>
        {order.claimedDepositAmount} {from.currencyTitle}
      </td>
      <td>
        {order.amountToGet} {to.currencyTitle}
      </td>
      <td>
        <time dateTime={order.createdAt} title={new Date(order.createdAt).toLocaleString(locale)}>
          {relativeTime(order.createdAt, now, locale)}
        </time>
      </td>
    </tr>
  );
}
