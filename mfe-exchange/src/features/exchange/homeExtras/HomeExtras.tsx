import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { DEFAULT_PRECISION, pagePath, pairPath, type HealthStatus, type HostServices, type Instrument, type InstrumentRef } from 'shared-contracts';
import { Badge, ButtonLink, Card, Skeleton, Table, type Tone, VisuallyHidden } from 'remote-kit/ui';
import { formatAmount, formatNumber, RelativeTime } from 'remote-kit/format';
import { rateLine } from '../../../lib/rateLine';
import type { HomeExtrasStore } from './HomeExtrasStore';
import { HOME_POPULAR_PAIRS } from './HomeExtrasStore';
import type { PopularPair } from '../../../popular/PopularExchangesStore';
import { CoinLogo } from '../../../ui/CoinLogo';
import { useT } from '../../../useT';
import styles from '../../../layout.module.css';

interface HomeExtrasProps {
  store: HomeExtrasStore;
  host: HostServices;
  /** The form's instruments: their displayed precision (§9) for the latest exchanges' amounts. */
  instruments: { readonly instruments: readonly Instrument[] };
}

/** Latest completed exchanges and public stats under the home form (own chunk); the store is the home root's `extras`. */
const HomeExtras = observer(function HomeExtras({ store, host, instruments }: HomeExtrasProps) {
  useEffect(() => void store.ensureLoaded(), [store]);
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
          <Link to={pagePath('mfe_exchange', 'PopularExchanges')} className={className}>
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

const STATUS_LOOK: Record<HealthStatus, { tone: Tone; key: string }> = {
  OK: { tone: 'success', key: 'status_ok' },
  TECHNICAL_DIFFICULTIES: { tone: 'warning', key: 'status_degraded' },
  UNHEALTHY: { tone: 'danger', key: 'status_outage' },
};

/**
 * Beside the form on home (issue 25: the left column was a large empty gap): the popular pairs with their current
 * rates, each a link to its pair page, and the service status now, linking to the status page. Same chunk as the
 * extras under the form; the page reserves its height, so nothing moves when it fills in.
 */
export const HomeBeside = observer(function HomeBeside({ store, host }: { store: HomeExtrasStore; host: HostServices }) {
  useEffect(() => void store.ensureLoaded(), [store]);
  const t = useT(host);
  const { Link } = host;
  const locale = host.locale.current;
  const popular = store.popular;
  const status = store.status ? STATUS_LOOK[store.status] : null;
  return (
    <>
      {popular?.status === 'empty' || popular?.status === 'failed' ? null : (
        <section className={styles.besidePart} aria-labelledby="home-popular-title">
          <h2 id="home-popular-title" className={styles.howTitle}>
            {t('home_popular_title')}
          </h2>
          {popular?.status === 'ready' ? (
            <ul className={styles.popularList} data-testid="home-popular">
              {popular.pairs.map((p) => (
                <li key={p.key} data-testid={`home-popular-${p.key}`}>
                  <Link to={pairPath(p.fromSlug, p.toSlug)} className={styles.popularLink}>
                    <span className={styles.popularCoins}>
                      {p.from ? <CoinLogo instrument={p.from} /> : null}
                      {p.to ? <CoinLogo instrument={p.to} /> : null}
                      <strong>{t('popular_pair', { from: sideCode(p, 'from'), to: sideCode(p, 'to') })}</strong>
                    </span>
                    <span className={styles.popularRate}>
                      {p.rate.state === 'ready' ? (
                        rateLine(p.rate.pair, locale)
                      ) : p.rate.state === 'failed' ? (
                        t('popular_rate_unavailable')
                      ) : (
                        <>
                          <VisuallyHidden>{t('loading')}</VisuallyHidden>
                          <Skeleton height="1em" width="9rem" />
                        </>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <PopularPlaceholder loading={t('loading')} />
          )}
        </section>
      )}
      {status ? (
        <p className={styles.status} data-testid="home-status" data-status={store.status}>
          <span>{t('status_label')}</span>
          <Link to={pagePath('mfe_blog', 'Status')} className={styles.statusLink}>
            <Badge tone={status.tone}>{t(status.key)}</Badge>
          </Link>
        </p>
      ) : null}
    </>
  );
});

/** A side of a popular pair by its code ("USDT (TRC20)" where the network is not the code's own), or the api's name. */
function sideCode(p: PopularPair, side: 'from' | 'to'): string {
  const i = p[side];
  if (!i) return side === 'from' ? p.fromFallbackName : p.toFallbackName;
  return i.networkTitle === i.currencyTitle || i.instrumentType === 'fiat' ? i.currencyTitle : `${i.currencyTitle} (${i.networkTitle})`;
}

/** The popular pairs' place while they load: as many rows as will come, so the column does not grow under the visitor. */
function PopularPlaceholder({ loading }: { loading: string }) {
  return (
    <div className={styles.popularList} aria-busy="true">
      <VisuallyHidden>{loading}</VisuallyHidden>
      {Array.from({ length: HOME_POPULAR_PAIRS }, (_, i) => (
        <Skeleton key={i} height="3rem" />
      ))}
    </div>
  );
}
