import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { formatDecimal } from '../lib/cleanNumericInput';
import type { HomeExtrasStore } from '../stores/HomeExtrasStore';
import { useT } from './useT';
import styles from './pages.module.css';

/** Latest completed exchanges and public stats under the home form (own chunk); the store is the home root's `extras`. */
const HomeExtras = observer(function HomeExtras({ store, host }: { store: HomeExtrasStore; host: HostServices }) {
  const t = useT(host);
  const { Link } = host;
  return (
    <div className={styles.extras}>
      {store.stats ? (
        <dl className={styles.stats} data-testid="public-stats">
          <div>
            <dt>{t('stats_orders')}</dt>
            <dd>{store.stats.ordersCompleted}</dd>
          </div>
          <div>
            <dt>{t('stats_volume')}</dt>
            <dd>{formatDecimal(store.stats.volumeUsd, 0)}</dd>
          </div>
          <div>
            <dt>{t('stats_instruments')}</dt>
            <dd>{store.stats.instrumentsCount}</dd>
          </div>
        </dl>
      ) : null}
      {store.latest.length > 0 ? (
        <section aria-labelledby="latest-title">
          <h2 id="latest-title" className={styles.subtitle}>
            {t('latest_title')}
          </h2>
          <ul className={styles.strip} data-testid="latest-exchanges">
            {store.latest.map((o, i) => (
              <li key={`${o.completedAt}-${i}`}>
                {t('latest_item', {
                  amountFrom: formatDecimal(o.amountFrom, 8),
                  from: o.from.currencyTitle,
                  amountTo: formatDecimal(o.amountTo, 8),
                  to: o.to.currencyTitle,
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to="/popular-exchanges" className={styles.item}>
        {t('popular_more')}
      </Link>
    </div>
  );
});
export default HomeExtras;
