import { useEffect, useState } from 'react';
import type { ApiClient, Order } from 'shared-contracts';
import { Card } from 'remote-kit/ui';
import styles from './order.module.css';
import type { View } from './view';

type HoldsApi = Pick<ApiClient, 'statusHolds'>;

/** The REFUND_REQUESTED event of a held order: the clock of the promise starts at it. */
const requestedAt = (order: Order) => [...order.orderEvents].reverse().find((e) => e.kind === 'REFUND_REQUESTED')?.createdAt;

/**
 * Issue 29 "no surprise holds": a held deposit can always be refunded in full (the deposit less only the refund's
 * network fee) and the refund is sent within HOLD_REFUND_HOURS of the request, the time the status page publishes
 * (`GET /api/v1/status/holds`). While held: the promise; once requested: the time it is due by. Read after mount
 * (the server's page has no such number), so nothing differs between the server's HTML and hydration.
 */
export function HoldRefundPromise({ api, order, v }: { api: HoldsApi; order: Order; v: View }) {
  const [hours, setHours] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    api.statusHolds().then(
      (r) => live && setHours(r.refundWithinHours),
      () => undefined, // the promise is also on the AML/KYC policy page; the refund form works without it
    );
    return () => {
      live = false;
    };
  }, [api]);
  if (hours === null) return null;
  const requested = requestedAt(order);
  if (requested) {
    const due = new Date(Date.parse(requested) + hours * 3_600_000);
    const time = new Intl.DateTimeFormat(v.locale === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(
      due,
    );
    return (
      <p className={styles.muted} data-testid="hold-refund-due" data-due={due.toISOString()}>
        {v.t('hold_refund_due', { time, hours, count: hours })}
      </p>
    );
  }
  return (
    <Card>
      <p className={styles.text} data-testid="hold-refund-promise" data-hours={hours}>
        {v.t('hold_refund_promise', { hours, count: hours })}
      </p>
    </Card>
  );
}
