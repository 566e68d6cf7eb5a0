import { observer } from 'mobx-react-lite';
import { type HostServices, pairPath } from 'shared-contracts';
import { Card, CopyButton } from 'remote-kit/ui';
import { formatNumber } from 'remote-kit/format';
import { Loadable } from 'remote-kit/load';
import { formatRate, formatUsdt, intlLocale } from '../../lib/locale';
import { useT } from '../../i18n/useT';
import { CreditsTable } from '../../wallet/parts';
import { type AffiliateStore, referralLink } from './AffiliateStore';
import styles from '../../layout/profile.module.css';

export const AffiliateView = observer(function AffiliateView({ host, store, origin }: { host: HostServices; store: AffiliateStore; origin: string }) {
  const t = useT(host);
  return (
    <Loadable
      status={store.loadState.status}
      ready={!!store.referrerId && !!store.program}
      testId="affiliate"
      loadingLabel={t('affiliate_loading')}
      errorMessage={t('affiliate_error')}
      retryLabel={t('retry')}
      onRetry={() => void store.load()}
    >
      <AffiliateContent host={host} store={store} origin={origin} />
    </Loadable>
  );
});

const AffiliateContent = observer(function AffiliateContent({ host, store, origin }: { host: HostServices; store: AffiliateStore; origin: string }) {
  const t = useT(host);
  const locale = intlLocale(host);
  const { referrerId, program } = store;
  if (!referrerId || !program) return null; // Loadable shows it only once both are there
  const param = host.config.partnerReferralParam || 'ref';
  const link = referralLink(origin, host.locale.prefix, '/', param, referrerId);
  const pairExample = referralLink(origin, host.locale.prefix, pairPath('btc', 'eth'), param, referrerId);
  return (
    <>
      <Card title={t('affiliate_link_title')}>
        <div className={styles.stack}>
          <p className={styles.text}>{t('affiliate_link_text', { rate: formatRate(program.commissionRate, locale) })}</p>
          <p className={styles.muted} data-testid="affiliate-terms">
            {t('affiliate_terms', { count: program.holdDays })}
          </p>
          <div className={styles.actions}>
            <code className={styles.secret} data-testid="affiliate-link">
              {link}
            </code>
            <CopyButton value={link} label={t('affiliate_copy')} copiedLabel={t('copied')} showLabel data-testid="affiliate-copy" />
          </div>
          <p className={styles.muted}>
            {t('affiliate_pair_hint', { param })} <span className={styles.mono}>{pairExample}</span>
          </p>
          <p className={styles.muted}>
            {t('affiliate_id')}:{' '}
            <span className={styles.mono} data-testid="affiliate-referrer-id">
              {referrerId}
            </span>
          </p>
        </div>
      </Card>
      <Card title={t('affiliate_totals_title')}>
        <dl className={styles.facts}>
          <dt>{t('affiliate_total')}</dt>
          <dd data-testid="affiliate-total" data-amount={store.total}>
            {formatUsdt(store.total, locale)} USDT
          </dd>
          <dt>{t('affiliate_orders')}</dt>
          <dd data-testid="affiliate-orders">{formatNumber(store.orderCount, locale)}</dd>
          <dt>{t('affiliate_rate')}</dt>
          <dd data-testid="affiliate-rate">{formatRate(program.commissionRate, locale)}</dd>
        </dl>
      </Card>
      <CreditsTable
        host={host}
        entries={store.accruals}
        caption={t('affiliate_accruals_caption')}
        empty={t('affiliate_accruals_empty')}
        data-testid="affiliate-accruals"
        rowTestId="affiliate-accrual-row"
      />
    </>
  );
});
