// Issue 29: while an order runs, a link to /status when its send network's deposits or its receive network's payouts
// are delayed or paused (GET /api/v1/status/networks, asked once after mount; nothing shown until it answers, nor
// when it fails: the order goes on either way).
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices, NetworkStatus } from 'shared-contracts';
import { Card } from 'remote-kit/ui';
import type { OrderStore } from './OrderStore';
import styles from './order.module.css';
import type { View } from './view';

interface Degraded {
  networkTitle: string;
  direction: 'deposits' | 'payouts';
  state: NetworkStatus['deposits'];
}

export const NetworkNotice = observer(function NetworkNotice({ host, store, v }: { host: HostServices; store: OrderStore; v: View }) {
  const [networks, setNetworks] = useState<readonly NetworkStatus[] | null>(null);
  const order = store.order;
  // a card order's sender is no network; a finished order (completed or refunded) waits for nothing
  const running = !!order && store.stepIndex < 3;
  useEffect(() => {
    if (!running) return;
    let live = true;
    host.api.statusNetworks().then(
      (list) => live && setNetworks(list.networks),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [host, running]);
  if (!order || !running || !networks) return null;
  const find = (title: string) => networks.find((n) => n.networkTitle === title);
  const degraded: Degraded[] = [];
  const send = store.isCardOrder ? undefined : find(order.pair.instrumentFrom.networkTitle);
  if (send && send.deposits !== 'working') degraded.push({ networkTitle: send.networkTitle, direction: 'deposits', state: send.deposits });
  const receive = find(order.pair.instrumentTo.networkTitle);
  if (receive && receive.payouts !== 'working') degraded.push({ networkTitle: receive.networkTitle, direction: 'payouts', state: receive.payouts });
  if (degraded.length === 0) return null;
  const { t, Link } = v;
  return (
    <Card data-testid="order-network-degraded">
      {degraded.map((d) => (
        <p key={d.direction} className={styles.text} data-network={d.networkTitle} data-state={d.state}>
          {t(`network_${d.direction}_${d.state}`, { network: d.networkTitle })}
        </p>
      ))}
      <p className={styles.text}>
        <Link to="/status" data-testid="order-network-status-link">
          {t('network_status_link')}
        </Link>
      </p>
    </Card>
  );
});
