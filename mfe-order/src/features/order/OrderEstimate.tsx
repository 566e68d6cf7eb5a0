// Issue 29: beside the confirmations, how long the order's send network takes from the deposit seen to the payout
// sent (orderDetails.estimatedSeconds: p50–p90 of its recent completed orders, or the network's default), as
// "≈ 7–15 min" in one readable unit. The same reading as the exchange form's quote (mfe-exchange quoteBreakdown).
import type { EstimatedSeconds } from 'shared-contracts';
import { formatNumber } from 'remote-kit/format';
import styles from './order.module.css';
import type { View } from './view';

/** Seconds below 2 minutes, minutes below 2 hours, else hours (one decimal); the upper end rounded up. */
function range(p50: number, p90: number): { from: number; to: number; unit: 's' | 'min' | 'h' } {
  const low = Math.max(0, Math.min(p50, p90));
  const high = Math.max(0, p50, p90);
  if (high < 120) return { from: Math.round(low), to: Math.max(Math.round(low), Math.ceil(high)), unit: 's' };
  if (high < 7200) {
    const from = Math.max(1, Math.round(low / 60));
    return { from, to: Math.max(from, Math.ceil(high / 60)), unit: 'min' };
  }
  const from = Math.max(0.1, Math.round(low / 360) / 10);
  return { from, to: Math.max(from, Math.ceil(high / 360) / 10), unit: 'h' };
}

export function OrderEstimate({ estimate, v }: { estimate: EstimatedSeconds; v: View }) {
  const { t } = v;
  const { from, to, unit } = range(estimate.p50, estimate.p90);
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
