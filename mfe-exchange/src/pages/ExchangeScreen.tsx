import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { reaction } from 'mobx';
import { pairPath, type HostServices } from 'shared-contracts';
import { ExchangeRootStore } from '../stores/ExchangeRootStore';
import { QuerySync } from '../stores/QuerySync';
import type { ExchangeFormStore, InitialSelection } from '../stores/ExchangeFormStore';
import { ExchangeForm } from './ExchangeForm';
import { useT } from './useT';
import styles from './pages.module.css';

// Not needed for the first paint of the calculator: loaded in their own chunks (home page budget).
const ExchangeDetails = lazy(() => import(/* webpackChunkName: "exchange-details" */ '../details/ExchangeDetails'));

export interface ExchangeScreenProps {
  host: HostServices;
  title: string;
  /** Under the title (the pair page header). */
  header?: (form: ExchangeFormStore) => ReactNode;
  initial: InitialSelection;
  /** 'query': send/receive/amount in the query (home); 'path': the pair lives in the path (pair page). */
  pairIn: 'query' | 'path';
  children?: ReactNode;
}

/** Creates the root store per mount, starts it, keeps the URL in sync, disposes it on unmount. */
export function ExchangeScreen({ host, title, header, initial, pairIn, children }: ExchangeScreenProps) {
  const t = useT(host);
  const [store, setStore] = useState<ExchangeRootStore | null>(null);
  const { from, to, amount } = initial;

  useEffect(() => {
    const root = new ExchangeRootStore({ api: host.api, wsUrl: host.config.wsUrl });
    setStore(root);
    let active = true;
    let sync: QuerySync | null = null;
    let stopPathSync: (() => void) | null = null;
    void root.form.init({ from, to, amount }).then(() => {
      if (!active) return;
      // §2 route validity: an unknown pair code is a 404.
      if (root.form.unknownSlugs.length > 0) {
        host.notFound();
        return;
      }
      const write = (q: URLSearchParams, o: { replace: boolean }) => {
        const merged = new URLSearchParams(host.route.query);
        for (const k of ['send', 'receive', 'amount']) merged.delete(k);
        for (const [k, v] of q) merged.set(k, v);
        host.setQuery(merged, o);
      };
      sync = new QuerySync(root.form, write, host.route.query, pairIn === 'path' ? ['amount'] : ['send', 'receive', 'amount']);
      if (pairIn === 'path') {
        // a new pair on the pair page is a new page address (push)
        stopPathSync = reaction(
          () => (root.form.from && root.form.to ? pairPath(root.form.from.slug, root.form.to.slug) : null),
          (path) => {
            if (!path || root.form.from?.slug === root.form.to?.slug) return;
            const q = root.form.query;
            const amountPart = q.get('amount') ? `?amount=${q.get('amount')}` : '';
            host.navigate(`${path}${amountPart}`);
          },
        );
      }
    });
    return () => {
      active = false;
      sync?.dispose();
      stopPathSync?.();
      root.dispose();
    };
    // one store per mount (the host is one object for the page's lifetime); a route change of the pair is
    // applied below without a new store
  }, [host]);

  useEffect(() => {
    if (store && from && to && store.form.isFirstLoadingSuccess) store.form.selectPair(from, to);
  }, [store, from, to]);

  return (
    <section className={styles.page}>
      <h1 data-testid="page-title" className={styles.title}>
        {title}
      </h1>
      {store && header ? header(store.form) : null}
      {store ? (
        <>
          <ExchangeForm form={store.form} socket={store.ratesSocket} t={t} />
          <Suspense fallback={null}>
            <ExchangeDetails host={host} form={store.form} />
          </Suspense>
        </>
      ) : (
        <div className={styles.placeholder}>{t('loading')}</div>
      )}
      {children}
    </section>
  );
}
