import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { Badge, Card, Table, type TableColumn, Tabs } from 'remote-kit/ui';
import { Loadable } from 'remote-kit/load';
import { formatRate, formatUsdt, intlLocale } from '../../lib/locale';
import { useT } from '../../i18n/useT';
import { CreditsTable } from '../../wallet/parts';
import type { CashbackView, CashbackStore } from './CashbackStore';
import styles from '../../layout/profile.module.css';

const TABS_ID = 'cashback-tab';
const PANEL_ID = 'cashback-panel';

export const CashbackOverview = observer(function CashbackOverview({ host, store }: { host: HostServices; store: CashbackStore }) {
  const t = useT(host);
  return (
    <Loadable
      status={store.loadState.status}
      ready={!!store.program}
      testId="cashback"
      loadingLabel={t('cashback_loading')}
      errorMessage={t('cashback_error')}
      retryLabel={t('retry')}
      onRetry={() => void store.load()}
    >
      <CashbackContent host={host} store={store} />
    </Loadable>
  );
});

const CashbackContent = observer(function CashbackContent({ host, store }: { host: HostServices; store: CashbackStore }) {
  const t = useT(host);
  const locale = intlLocale(host);
  const program = store.program;
  if (!program) return null; // Loadable shows it only once the programme is there
  // the history tab is linkable: `?tab=history`
  const select = (view: CashbackView) => {
    store.setView(view);
    const query = new URLSearchParams(host.route.query);
    if (view === 'history') query.set('tab', 'history');
    else query.delete('tab');
    host.setQuery(query, { replace: true });
  };
  const columns: TableColumn[] = [
    { key: 'volume', header: t('cashback_col_volume') },
    { key: 'rate', header: t('cashback_col_rate'), align: 'end' },
  ];
  const rows = store.tiers.map((tier, i) => ({
    key: tier.minVolume,
    data: { 'data-testid': 'cashback-tier', 'data-current': String(i === store.currentTier) },
    cells: {
      volume: (
        <span className={styles.actions}>
          <span className={styles.nowrap}>{t('cashback_from', { volume: formatUsdt(tier.minVolume, locale) })}</span>
          {i === store.currentTier ? <Badge tone="success">{t('cashback_your_tier')}</Badge> : null}
        </span>
      ),
      rate: formatRate(tier.rate, locale),
    },
  }));
  const items = [
    { id: 'program', label: t('cashback_tab_program'), panelId: `${PANEL_ID}-program` },
    { id: 'history', label: t('cashback_tab_history'), panelId: `${PANEL_ID}-history` },
  ];
  return (
    <>
      <Card title={t('cashback_status_title')}>
        <dl className={styles.facts}>
          <dt>{t('cashback_rate')}</dt>
          <dd data-testid="cashback-rate">{formatRate(program.cashbackRate, locale)}</dd>
          <dt>{t('cashback_volume')}</dt>
          <dd data-testid="cashback-volume">{formatUsdt(program.volume30d, locale)} USDT</dd>
          <dt>{t('cashback_total')}</dt>
          <dd data-testid="cashback-total" data-amount={store.total}>
            {formatUsdt(store.total, locale)} USDT
          </dd>
        </dl>
      </Card>
      <Tabs id={TABS_ID} ariaLabel={t('cashback_tabs_label')} items={items} value={store.view} onChange={(id) => select(id as CashbackView)} />
      {store.view === 'program' ? (
        <div role="tabpanel" id={`${PANEL_ID}-program`} aria-labelledby={`${TABS_ID}-program`} className={styles.panel}>
          <p className={styles.text}>{t('cashback_explained')}</p>
          <p className={styles.muted} data-testid="cashback-terms">
            {t('cashback_terms', { count: program.holdDays })}
          </p>
          <Table data-testid="cashback-tiers" caption={t('cashback_tiers_caption')} columns={columns} rows={rows} empty={t('cashback_no_tiers')} />
        </div>
      ) : (
        <div role="tabpanel" id={`${PANEL_ID}-history`} aria-labelledby={`${TABS_ID}-history`} className={styles.panel}>
          <CreditsTable
            host={host}
            entries={store.cashbacks}
            caption={t('cashback_history_caption')}
            empty={t('cashback_history_empty')}
            data-testid="cashback-history"
            rowTestId="cashback-row"
          />
        </div>
      )}
    </>
  );
});
