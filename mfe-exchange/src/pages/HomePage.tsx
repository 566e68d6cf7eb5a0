import { lazy, Suspense, useEffect, useState } from 'react';
import type { RemotePageProps } from 'shared-contracts';
import { indexRedirectTarget, readIndexRedirect } from '../lib/indexRedirect';
import { ExchangeScreen } from './ExchangeScreen';
import { useT } from './useT';
import styles from './pages.module.css';

const HomeExtras = lazy(() => import(/* webpackChunkName: "home-extras" */ './HomeExtras'));

export function HomePage({ host }: RemotePageProps) {
  const t = useT(host);
  const q = host.route.query;
  const redirect = readIndexRedirect(q, host.config.partnerReferralParam);
  const [redirecting, setRedirecting] = useState(!!redirect);

  useEffect(() => {
    if (!redirect) return;
    let active = true;
    // §2: matched by bestChangeName; unknown or any error → the localised home page
    host.api
      .instrumentsV2({ query: {} })
      .then((list) => indexRedirectTarget(redirect, list))
      .catch(() => '/')
      .then((target) => {
        if (!active) return;
        host.navigate(target, { replace: true });
        setRedirecting(false);
      });
    return () => {
      active = false;
    };
  }, [redirect?.curFrom, redirect?.curTo, redirect?.referral]);

  if (redirecting) {
    return (
      <section className={styles.page}>
        <h1 data-testid="page-title" className={styles.title}>
          {t('home_title')}
        </h1>
        <div className={styles.placeholder}>{t('loading')}</div>
      </section>
    );
  }
  return (
    <ExchangeScreen
      host={host}
      title={t('home_title')}
      pairIn="query"
      initial={{ from: q.get('send') ?? undefined, to: q.get('receive') ?? undefined, amount: q.get('amount') }}
    >
      <Suspense fallback={null}>
        <HomeExtras host={host} />
      </Suspense>
    </ExchangeScreen>
  );
}
