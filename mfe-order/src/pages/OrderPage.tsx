import type { RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';

/** `/order/{id}` and `/order/pending` (spec §2). Tracking itself comes in a later issue. */
export function OrderPage({ host }: RemotePageProps) {
  const t = useT(host);
  const id = host.route.params.id ?? 'pending';
  const pending = id === 'pending';
  return (
    <StaticPage title={t(pending ? 'pending_title' : 'order_title')}>
      {!pending && <p className={styles.muted} data-testid="order-id">{t('order_id', { id })}</p>}
      <p className={styles.lead}>{t('next_release')}</p>
    </StaticPage>
  );
}
