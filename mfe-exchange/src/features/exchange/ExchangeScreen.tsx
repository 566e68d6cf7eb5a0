import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AfterHydration } from 'remote-kit/after-hydration';
import { Card, pageStyles } from 'remote-kit/ui';
import { reaction } from 'mobx';
import { pairPath, type HostServices } from 'shared-contracts';
import { ExchangeRootStore } from './ExchangeRootStore';
import { QuerySync } from './QuerySync';
import type { ExchangeFormStore } from './ExchangeFormStore';
import { isExchangeSnapshot } from './exchangeSnapshot';
import type { InitialSelection } from './formSelection';
import { ExchangeForm } from './ExchangeForm';
import { useT } from '../../useT';
import styles from '../../layout.module.css';

// Not needed for the first paint of the calculator: the details UI and its store's factory, in one chunk of their
// own (home page budget). The lazy UI and the root store's `loadDetails` import the same module.
const loadDetailsChunk = () => import(/* webpackChunkName: "exchange-details" */ './details/ExchangeDetails');
const ExchangeDetails = lazy(loadDetailsChunk);

export interface ExchangeScreenProps {
  host: HostServices;
  title: string;
  /** A sentence under the title. */
  lead?: string;
  /** More beside the form, under the title and the header (how it works); given the form (and the page's root store) when it depends on them. */
  aside?: ReactNode | ((form: ExchangeFormStore, root: ExchangeRootStore) => ReactNode);
  /** Under the title (the pair page header). */
  header?: (form: ExchangeFormStore) => ReactNode;
  initial: InitialSelection;
  /** 'query': send/receive/amount in the query (home); 'path': the pair lives in the path (pair page). */
  pairIn: 'query' | 'path';
  /** Home only: the root store also owns the latest exchanges and stats (`root.extras`). */
  withExtras?: boolean;
  /** Under the form, given the page's root store. */
  footer?: (root: ExchangeRootStore) => ReactNode;
}

/**
 * One root store per mount, created in render (no side effects there: ready for server rendering); started after
 * mount, where the URL sync is set up; disposed on unmount.
 */
export function ExchangeScreen({ host, title, lead, aside, header, initial, pairIn, withExtras, footer }: ExchangeScreenProps) {
  const t = useT(host);
  // The host is one object for the page's lifetime: the first render's props make the store; a later change of
  // the route's pair is applied by the selectPair effect below, without a new store.
  const [root] = useState(
    () =>
      new ExchangeRootStore({
        api: host.api,
        wsUrl: host.config.wsUrl,
        initial,
        snapshot: isExchangeSnapshot(host.initialData) ? host.initialData : undefined,
        extrasApi: withExtras ? host.api : undefined,
        loadDetails: () => loadDetailsChunk().then((chunk) => chunk.detailsStoreFactory(host)),
        hasReferral: () => !!host.session.referral.get(),
        track: (event, data) => host.analytics.track(event, data),
        onPageHide: (listener) => {
          window.addEventListener('pagehide', listener);
          return () => window.removeEventListener('pagehide', listener);
        },
        // §4/§8 state preserved across an update reload (read after mount, by start())
        draft: () => {
          try {
            return { storage: window.sessionStorage, location: window.location, now: () => Date.now() };
          } catch {
            return null; // storage refused (privacy settings): no draft
          }
        },
      }),
  );
  const { from, to } = initial;

  useEffect(() => {
    let active = true;
    let sync: QuerySync | null = null;
    let stopPathSync: (() => void) | null = null;
    void root.start().then(() => {
      if (!active) return;
      // §2 route validity: an unknown pair code in the pair page's path is a 404 (home's query falls back to the
      // default pair instead: `unknownSlugs` is only filled for the path, see InitialSelection.pairInPath).
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
            const { from, to } = root.form;
            if (!path || !from || !to || from.slug === to.slug) return;
            host.navigate(pairPath(from.slug, to.slug, { amount: root.form.query.get('amount') || undefined }));
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
  }, [root, host, pairIn]);

  useEffect(() => {
    if (from && to && root.form.isFirstLoadingSuccess) root.form.selectPair(from, to);
  }, [root, from, to]);

  return (
    <section className={styles.exchange}>
      <div className={styles.intro}>
        <h1 data-testid="page-title" className={pageStyles.title}>
          {title}
        </h1>
        {lead ? <p className={pageStyles.lead}>{lead}</p> : null}
        {header ? header(root.form) : null}
      </div>
      <Card as="div" padding="lg" className={styles.card} data-testid="exchange-card">
        <ExchangeForm form={root.form} socket={root.ratesSocket} t={t} locale={host.locale.current} />
        {/* the address, email and terms depend on what only the browser holds (confirmed emails, referral): after hydration */}
        <AfterHydration>
          <Suspense fallback={null}>
            <ExchangeDetails host={host} root={root} />
          </Suspense>
        </AfterHydration>
      </Card>
      {/* after the form on a phone, beside it under the title on a wide screen */}
      {aside ? <div className={styles.aside}>{typeof aside === 'function' ? aside(root.form, root) : aside}</div> : null}
      {footer ? <div className={styles.below}>{footer(root)}</div> : null}
    </section>
  );
}
