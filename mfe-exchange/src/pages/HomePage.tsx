import { lazy, Suspense, useEffect, useState } from 'react';
import { AfterHydration } from 'remote-kit/after-hydration';
import { pageStyles, Skeleton, VisuallyHidden } from 'remote-kit/ui';
import { pageQuery, type RemotePageProps } from 'shared-contracts';
import { indexRedirectTarget, readIndexRedirect } from '../lib/indexRedirect';
import { ExchangeScreen } from './ExchangeScreen';
import { HowItWorks } from './HowItWorks';
import { useT } from './useT';
import styles from './pages.module.css';

const HomeExtras = lazy(() => import(/* webpackChunkName: "home-extras" */ './HomeExtras'));

export function HomePage({ host }: RemotePageProps) {
  const t = useT(host);
  const query = pageQuery(host.route, 'mfe_exchange', 'Home');
  const redirect = readIndexRedirect(host.route.query, host.config.partnerReferralParam);
  const [redirecting, setRedirecting] = useState(!!redirect);
  // The effect is keyed to the redirect's fields (a new object every render), so it runs once per redirect asked for.
  const curFrom = redirect?.curFrom;
  const curTo = redirect?.curTo;
  const referral = redirect?.referral;

  useEffect(() => {
    if (!curFrom || !curTo || !referral) return;
    let active = true;
    // §2: matched by bestChangeName; unknown or any error → the localised home page
    host.api
      .instrumentsV2({ query: {} })
      .then((list) => indexRedirectTarget({ curFrom, curTo, referral }, list))
      .catch(() => '/')
      .then((target) => {
        if (!active) return;
        host.navigate(target, { replace: true });
        setRedirecting(false);
      });
    return () => {
      active = false;
    };
  }, [host, curFrom, curTo, referral]);

  if (redirecting) {
    return (
      <section className={styles.page} aria-busy="true">
        <h1 data-testid="page-title" className={pageStyles.title}>
          {t('home_title')}
        </h1>
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
        <Skeleton height="20rem" />
      </section>
    );
  }
  return (
    <ExchangeScreen
      host={host}
      title={t('home_title')}
      lead={t('home_lead')}
      // a card send side (USD, EUR) is a card purchase: its own steps (issue 25)
      aside={(form) => <HowItWorks form={form} t={t} />}
      pairIn="query"
      initial={{ from: query.send, to: query.receive, amount: query.amount }}
      withExtras
      footer={(root) =>
        // latest exchanges and stats load in the browser (start()): nothing of them in the first HTML
        root.extras ? (
          <AfterHydration>
            <Suspense fallback={null}>
              <HomeExtras host={host} store={root.extras} instruments={root.form} />
            </Suspense>
          </AfterHydration>
        ) : null
      }
    />
  );
}
