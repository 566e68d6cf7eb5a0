import { observer } from 'mobx-react-lite';
import { DEFAULT_PRECISION, type HostServices, type Instrument, type InstrumentRef } from 'shared-contracts';
import { ButtonLink, Card, Table } from 'remote-kit/ui';
import { formatAmount, formatNumber, RelativeTime } from 'remote-kit/format';
import type { HomeExtrasStore } from '../stores/HomeExtrasStore';
import { CoinLogo } from './CoinLogo';
import { useT } from './useT';
import styles from './pages.module.css';

interface HomeExtrasProps {
  store: HomeExtrasStore;
  host: HostServices;
  /** The form's instruments: their displayed precision (§9) for the latest exchanges' amounts. */
  instruments: { readonly instruments: readonly Instrument[] };
}

/** Latest completed exchanges and public stats under the home form (own chunk); the store is the home root's `extras`. */
const HomeExtras = observer(function HomeExtras({ store, host, instruments }: HomeExtrasProps) {
  const t = useT(host);
  const { Link } = host;
  const locale = host.locale.current;
  const precisionOf = (ref: InstrumentRef) =>
    instruments.instruments.find((i) => i.currencyTitle === ref.currencyTitle && i.networkTitle === ref.networkTitle)?.precisionDecimals ??
    DEFAULT_PRECISION.receive;
  const amount = (value: string, ref: InstrumentRef) => (
    <span className={styles.pair}>
      <CoinLogo instrument={{ currencyTitle: ref.currencyTitle, slug: ref.slug ?? ref.currencyTitle.toLowerCase() }} />
      <span className={styles.amount}>
        {formatAmount(value, { locale, maxDecimals: precisionOf(ref) })} {ref.currencyTitle}
      </span>
    </span>
  );
  return (
    <div className={styles.extras}>
      {store.stats ? (
        <Card title={t('stats_title')} data-testid="public-stats">
          <dl className={styles.stats}>
            <div className={styles.stat}>
              <dt>{t('stats_orders')}</dt>
              <dd>{formatNumber(store.stats.ordersCompleted, locale)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>{t('stats_volume')}</dt>
              <dd>{formatNumber(store.stats.volumeUsd, locale, { maximumFractionDigits: 0, roundingMode: 'trunc' })}</dd>
            </div>
            <div className={styles.stat}>
              <dt>{t('stats_instruments')}</dt>
              <dd>{formatNumber(store.stats.instrumentsCount, locale)}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      {store.latest.length > 0 ? (
        <Card title={t('latest_title')}>
          <Table
            caption={t('latest_title')}
            captionHidden
            data-testid="latest-exchanges"
            columns={[
              { key: 'sent', header: t('latest_sent') },
              { key: 'received', header: t('latest_received') },
              { key: 'when', header: t('latest_when'), align: 'end' },
            ]}
            rows={store.latest.map((o, i) => ({
              key: `${o.completedAt}-${i}`,
              cells: {
                sent: amount(o.amountFrom, o.from),
                received: amount(o.amountTo, o.to),
                when: <RelativeTime value={o.completedAt} locale={locale} />,
              },
            }))}
          />
        </Card>
      ) : null}
      <ButtonLink
        variant="secondary"
        className={styles.more}
        render={({ className, children }) => (
          <Link to="/popular-exchanges" className={className}>
            {children}
          </Link>
        )}
      >
        {t('popular_more')}
      </ButtonLink>
    </div>
  );
});
export default HomeExtras;
