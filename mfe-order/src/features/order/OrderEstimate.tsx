// Issue 29: beside the confirmations, how long the order's send network takes from the deposit seen to the payout
// sent (orderDetails.estimatedSeconds: p50–p90 of its recent completed orders, or the network's default), as
// "≈ 7–15 min" in one readable unit. The same reading as the exchange form's quote (mfe-exchange quoteBreakdown).
import type { EstimatedSeconds } from 'shared-contracts';
import { estimateRange, formatNumber } from 'remote-kit/format';
import styles from './order.module.css';
import type { View } from './view';

export function OrderEstimate({ estimate, v }: { estimate: EstimatedSeconds; v: View }) {
  const { t } = v;
  const { from, to, unit } = estimateRange(estimate.p50, estimate.p90);
  const n = (value: number) => formatNumber(value, v.locale, { maximumFractionDigits: 1 });
  return (
    <p className={styles.muted} data-testid="order-estimate" data-p50={estimate.p50} data-p90={estimate.p90} data-basis={estimate.basis}>
      {t('estimate_label')}{' '}
      <strong data-testid="order-estimate-range">
        {t('estimate_value', { range: from === to ? n(from) : `${n(from)}–${n(to)}`, unit: t(`estimate_unit_${unit}`) })}
      </strong>{' '}
      ({estimate.basis === 'measured' ? t('estimate_measured', { count: estimate.sampleSize }) : t('estimate_default')})
    </p>
  );
}
