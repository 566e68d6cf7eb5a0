import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import { pairPath, type HostServices, type Instrument, type RemotePageProps } from 'shared-contracts';
import { Badge, pageStyles, Skeleton, Table, VisuallyHidden } from 'remote-kit/ui';
import { PopularExchangesRootStore } from '../popular/PopularExchangesRootStore';
import { isPopularSnapshot, type PopularExchangesStore, type PopularPair, type PopularRate } from '../popular/PopularExchangesStore';
import { rateLine } from '../lib/rateLine';
import { CoinLogo } from '../ui/CoinLogo';
import { useT } from '../useT';
import styles from '../layout.module.css';
import popular from './PopularExchangesPage.module.css';

/**
 * One root store per mount, created in render (no side effects), started after mount, disposed on unmount. Rendered
 * by the server with its loader's list (`host.initialData`), the page starts from that list, so the first HTML has the
 * table and hydration finds the same one.
 */
export function PopularExchangesPage({ host }: RemotePageProps) {
  const t = useT(host);
  const [root] = useState(() => new PopularExchangesRootStore({ api: host.api, snapshot: isPopularSnapshot(host.initialData) ? host.initialData : undefined }));
  useEffect(() => {
    void root.start();
    return () => root.dispose();
  }, [root]);
  return (
    <section className={styles.page}>
      <h1 data-testid="page-title" className={pageStyles.title}>
        {t('popular_title')}
      </h1>
      <PopularList store={root.popular} host={host} />
    </section>
  );
}

/** A currency's own name: the catalogue's name without the network it repeats ("Tether (TRC20)" beside its TRC20 badge). */
export function coinName(i: Pick<Instrument, 'currencyFriendlyTitle' | 'networkTitle'>): string {
  const suffix = ` (${i.networkTitle.toLowerCase()})`;
  const name = i.currencyFriendlyTitle;
  return name.toLowerCase().endsWith(suffix) ? name.slice(0, -suffix.length) : name;
}

/** How a side of the pair reads to a screen reader: "Tether (USDT, TRC20)", "Bitcoin (BTC)", "USD (by card)". */
function spokenSide(i: Instrument | null, fallback: string, t: TFunction): string {
  if (!i) return fallback;
  if (i.instrumentType === 'fiat') return t('popular_card_side', { code: i.currencyTitle });
  const name = coinName(i);
  return i.networkTitle === i.currencyTitle ? `${name} (${i.currencyTitle})` : `${name} (${i.currencyTitle}, ${i.networkTitle})`;
}

/** A side as the coin picker shows a coin: logo, code, name, network. */
function Side({ instrument, fallback }: { instrument: Instrument | null; fallback: string }) {
  if (!instrument) return <span className={popular.side}>{fallback}</span>;
  return (
    <span className={popular.side}>
      <CoinLogo instrument={instrument} />
      <strong className={popular.code}>{instrument.currencyTitle}</strong>
      <span className={popular.name}>{coinName(instrument)}</span>
      <Badge>{instrument.networkTitle}</Badge>
    </span>
  );
}

function Rate({ rate, locale, t }: { rate: PopularRate; locale: string; t: TFunction }) {
  switch (rate.state) {
    case 'loading':
      return (
        <span aria-busy="true">
          <VisuallyHidden>{t('loading')}</VisuallyHidden>
          <Skeleton height="1em" width="10rem" />
        </span>
      );
    case 'failed':
      return <span className={pageStyles.muted}>{t('popular_rate_unavailable')}</span>;
    default:
      return <span className={popular.rate}>{rateLine(rate.pair, locale)}</span>;
  }
}

const PopularList = observer(function PopularList({ store, host }: { store: PopularExchangesStore; host: HostServices }) {
  const t = useT(host);
  const { Link } = host;
  const locale = host.locale.current;
  switch (store.status) {
    case 'idle':
    case 'loading':
      return (
        <div aria-busy="true">
          <VisuallyHidden>{t('loading')}</VisuallyHidden>
          <Skeleton lines={6} height="44px" />
        </div>
      );
    case 'empty':
      return (
        <p className={pageStyles.muted} data-testid="popular-empty">
          {t('popular_empty')}
        </p>
      );
    case 'failed':
      return (
        <p className={pageStyles.muted} data-testid="popular-empty">
          {t('popular_failed')}
        </p>
      );
    default:
      return (
        <Table
          caption={t('popular_caption')}
          captionHidden
          data-testid="popular-list"
          columns={[
            { key: 'pair', header: t('popular_pair_column') },
            { key: 'rate', header: t('popular_rate_column') },
          ]}
          rows={store.pairs.map((p: PopularPair) => ({
            key: p.key,
            data: { 'data-testid': `popular-pair-${p.key}`, 'data-rate': p.rate.state },
            cells: {
              pair: (
                <Link to={pairPath(p.fromSlug, p.toSlug)} className={popular.link}>
                  <VisuallyHidden>
                    {t('popular_pair', { from: spokenSide(p.from, p.fromFallbackName, t), to: spokenSide(p.to, p.toFallbackName, t) })}
                  </VisuallyHidden>
                  <span className={popular.pair} aria-hidden="true">
                    <Side instrument={p.from} fallback={p.fromFallbackName} />
                    <span className={popular.arrow}>→</span>
                    <Side instrument={p.to} fallback={p.toFallbackName} />
                  </span>
                </Link>
              ),
              rate: <Rate rate={p.rate} locale={locale} t={t} />,
            },
          }))}
        />
      );
  }
});
