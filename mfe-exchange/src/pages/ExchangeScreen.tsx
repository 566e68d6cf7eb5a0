import { useEffect, useState } from 'react';
import type { HostServices } from 'shared-contracts';
import { ExchangeRootStore } from '../stores/ExchangeRootStore';
import type { InitialSelection } from '../stores/ExchangeFormStore';
import { ExchangeForm } from './ExchangeForm';
import { useT } from './useT';
import styles from './pages.module.css';

export interface ExchangeScreenProps {
  host: HostServices;
  title: string;
  initial: InitialSelection;
}

/** Creates the root store per mount (and per pair), starts it, disposes it on unmount. */
export function ExchangeScreen({ host, title, initial }: ExchangeScreenProps) {
  const t = useT(host);
  const [store, setStore] = useState<ExchangeRootStore | null>(null);
  const { from, to, amount } = initial;

  useEffect(() => {
    const root = new ExchangeRootStore({ api: host.api, wsUrl: host.config.wsUrl });
    setStore(root);
    let active = true;
    void root.form.init({ from, to, amount }).then(() => {
      // §2 route validity: an unknown pair code is a 404.
      if (active && root.form.unknownSlugs.length > 0) host.notFound();
    });
    return () => {
      active = false;
      root.dispose();
    };
    // amount only seeds the form; a new pair (from/to) remounts the store
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host.api, host.config.wsUrl, from, to]);

  return (
    <section className={styles.page}>
      <h1 data-testid="page-title" className={styles.title}>
        {title}
      </h1>
      {store ? <ExchangeForm form={store.form} socket={store.ratesSocket} t={t} /> : <div className={styles.placeholder}>{t('loading')}</div>}
    </section>
  );
}
