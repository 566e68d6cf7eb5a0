import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { pairPath, type HostServices, type RemotePageProps } from 'shared-contracts';
import { pageStyles, Skeleton, Table, VisuallyHidden } from 'remote-kit/ui';
import { PopularExchangesRootStore } from '../stores/PopularExchangesRootStore';
import type { PopularExchangesStore } from '../stores/PopularExchangesStore';
import { useT } from './useT';
import styles from './pages.module.css';

/** One root store per mount, created in render (no side effects), started after mount, disposed on unmount. */
export function PopularExchangesPage({ host }: RemotePageProps) {
  const t = useT(host);
  const [root] = useState(() => new PopularExchangesRootStore({ api: host.api }));
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

const PopularList = observer(function PopularList({ store, host }: { store: PopularExchangesStore; host: HostServices }) {
  const t = useT(host);
  const { Link } = host;
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
          columns={[{ key: 'pair', header: t('popular_pair_column') }]}
          rows={store.items.map((p) => ({
            key: `${p.fromSlug}-${p.toSlug}`,
            cells: {
              pair: (
                <Link to={pairPath(p.fromSlug, p.toSlug)}>{t('popular_pair', { from: p.fromBestChangeCurrencyName, to: p.toBestChangeCurrencyName })}</Link>
              ),
            },
          }))}
        />
      );
  }
});
