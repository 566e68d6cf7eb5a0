// Issue 29: the status page's networks table — each active network's deposits and payouts (working, delayed, paused),
// the last block or confirmation seen and the typical time — and the link to the incidents' Atom feed. Fetched after
// mount (the answer is cached a few seconds by the api; the server render shows the card loading).
import { useEffect, useState } from 'react';
import type { HostServices, NetworkFlowState, NetworkStatus, NetworkStatusList } from 'shared-contracts';
import { RelativeTime } from 'remote-kit/format';
import { Badge, Button, Card, Skeleton, Table, type Tone, textStyles } from 'remote-kit/ui';
import { useT } from '../../useT';

const FEED_URL = '/api/v1/status/incidents.atom';
const STATE_TONE: Record<NetworkFlowState, Tone> = { working: 'success', delayed: 'warning', paused: 'danger' };

/** Seconds as whole minutes, at least one. */
const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: NetworkStatusList };

export function NetworkStatusTable({ host }: { host: HostServices }) {
  const t = useT(host);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    if (attempt > 0) setLoad({ state: 'loading' });
    host.api.statusNetworks().then(
      (data) => live && setLoad({ state: 'ready', data }),
      (error: unknown) => {
        console.warn('network status failed to load', error instanceof Error ? error.message : error);
        if (live) setLoad({ state: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [host, attempt]);

  const feed = (
    <p className={textStyles.muted}>
      <a href={FEED_URL} type="application/atom+xml" data-testid="status-feed-link">
        {t('status_feed_link')}
      </a>
    </p>
  );
  if (load.state !== 'ready') {
    return (
      <Card title={t('status_networks_title')} data-testid="status-networks">
        {load.state === 'error' ? (
          <>
            <p role="alert" className={textStyles.text}>
              {t('status_networks_failed')}
            </p>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('support_retry')}
            </Button>
          </>
        ) : (
          <Skeleton lines={4} />
        )}
        {feed}
      </Card>
    );
  }
  const locale = host.locale.current;
  const stateBadge = (state: NetworkFlowState) => <Badge tone={STATE_TONE[state]}>{t(`status_network_${state}`)}</Badge>;
  const lastSeen = (n: NetworkStatus) =>
    n.lastBlock !== null ? (
      t('status_network_block', { block: n.lastBlock })
    ) : n.lastConfirmationAt !== null ? (
      <RelativeTime value={n.lastConfirmationAt} locale={locale} />
    ) : (
      t('status_network_nothing_seen')
    );
  return (
    <Card title={t('status_networks_title')} data-testid="status-networks">
      <Table
        caption={t('status_networks_caption')}
        captionHidden
        data-testid="status-networks-table"
        columns={[
          { key: 'network', header: t('status_networks_network') },
          { key: 'deposits', header: t('status_networks_deposits') },
          { key: 'payouts', header: t('status_networks_payouts') },
          { key: 'seen', header: t('status_networks_last_seen') },
          { key: 'estimate', header: t('status_networks_estimate'), align: 'end' },
        ]}
        rows={load.data.networks.map((n) => ({
          key: n.networkTitle,
          data: { 'data-testid': 'status-network', 'data-network': n.networkTitle, 'data-deposits': n.deposits, 'data-payouts': n.payouts },
          cells: {
            network: (
              <>
                <strong>{n.networkTitle}</strong>
                {n.incident ? <span className={textStyles.muted}> — {n.incident.title}</span> : null}
              </>
            ),
            deposits: stateBadge(n.deposits),
            payouts: stateBadge(n.payouts),
            seen: lastSeen(n),
            estimate: t('status_network_estimate', { p50: minutes(n.estimatedSeconds.p50), p90: minutes(n.estimatedSeconds.p90) }),
          },
        }))}
      />
      {feed}
    </Card>
  );
}
