import { lazy, Suspense, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { ButtonLink, LineIcon, pageStyles, Skeleton, VisuallyHidden } from 'remote-kit/ui';
import { WhenVisible } from 'remote-kit/when-visible';
import { pageQuery, pairPath, type HostServices, type RemotePageProps } from 'shared-contracts';
import { indexRedirectTarget, readIndexRedirect } from '../lib/indexRedirect';
import { ExchangeScreen } from '../features/exchange/ExchangeScreen';
import { HowItWorks } from '../features/exchange/HowItWorks';
import { useT } from '../useT';
import styles from '../layout.module.css';

const loadExtras = () => import(/* webpackChunkName: "home-extras" */ '../features/exchange/homeExtras/HomeExtras');
const HomeExtras = lazy(loadExtras);
const HomeBeside = lazy(() => loadExtras().then((chunk) => ({ default: chunk.HomeBeside })));

/** Issue 25: the card purchase had no entry but two options at the bottom of a 24-coin list. */
const CARD_PAIR = { from: 'usd', to: 'btc' } as const;

/** "Buy crypto with a card" under the title: straight to the card pair page (§1 a fiat sender is a card purchase). */
function BuyWithCard({ host, t }: { host: HostServices; t: TFunction }) {
  const { Link } = host;
  return (
    <div className={styles.cardEntry}>
      <ButtonLink
        variant="secondary"
        render={({ className, children }) => (
          <Link to={pairPath(CARD_PAIR.from, CARD_PAIR.to)} className={className} data-testid="home-buy-with-card">
            {children}
          </Link>
        )}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <rect x="2.5" y="5" width="19" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M2.5 10h19M6 15h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('buy_with_card')}
      </ButtonLink>
      <span className={styles.cardEntryNote}>{t('buy_with_card_note')}</span>
    </div>
  );
}

const TRUST_FACTS = ['trust_no_account', 'trust_fees', 'trust_rate', 'trust_tracking'] as const;

/** What a first-time visitor wants to know before trusting the form, beside it (static: in the first HTML). */
function TrustFacts({ t }: { t: TFunction }) {
  return (
    <section className={styles.besidePart} aria-labelledby="trust-title" data-testid="home-trust">
      <h2 id="trust-title" className={styles.howTitle}>
        {t('trust_title')}
      </h2>
      <ul className={styles.trust}>
        {TRUST_FACTS.map((key) => (
          <li key={key}>
            <LineIcon d="M5 12l5 5 9-10" size={18} />
            {t(key)}
          </li>
        ))}
      </ul>
    </section>
  );
}

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
      header={() => <BuyWithCard host={host} t={t} />}
      // a card send side (USD, EUR) is a card purchase: its own steps (issue 25); then what fills the column beside the
      // form on a wide screen: trust facts, and (loaded in the browser, in a place of reserved height) popular pairs and status
      aside={(form, root) => (
        <div className={styles.beside}>
          <HowItWorks form={form} t={t} />
          <TrustFacts t={t} />
          {root.extras ? (
            // below the form on a phone, under the fold at 1280×720 too (top ~830 px): its chunk loads when its (reserved)
            // place scrolls into view, not in the first load
            <WhenVisible className={styles.besideLive} rootMargin="0px">
              <Suspense fallback={null}>
                <HomeBeside host={host} store={root.extras} />
              </Suspense>
            </WhenVisible>
          ) : null}
        </div>
      )}
      pairIn="query"
      initial={{ from: query.send, to: query.receive, amount: query.amount }}
      withExtras
      footer={(root) =>
        // latest exchanges and stats load in the browser (start()): nothing of them in the first HTML; their code when
        // they near the viewport
        root.extras ? (
          <WhenVisible rootMargin="0px">
            <Suspense fallback={null}>
              <HomeExtras host={host} store={root.extras} instruments={root.form} />
            </Suspense>
          </WhenVisible>
        ) : null
      }
    />
  );
}
