// Issue 29, the all-in quote before the order: what the deposit is worth at the market price, every fee line the api
// quoted (spread against the market price, network fee, service fee: each with its amount and currency, taken from
// the amount received), what is received, and the measured time from the deposit seen to the payout sent.
import type { TFunction } from 'i18next';
import { DEFAULT_PRECISION, type EstimatedSeconds, type FeeLine, type PairData } from 'shared-contracts';
import { estimateRange, formatAmount, formatNumber } from 'remote-kit/format';
import { spreadPercent } from '../../../lib/fees';
import { pricePoint } from '../../../lib/pricePoint';
import { rateDecimals } from '../../../lib/rateLine';
import styles from '../ExchangeForm.module.css';

const LINE_TEXT: Record<FeeLine['kind'], { label: string; testId: string }> = {
  SPREAD: { label: 'fee_spread', testId: 'fee-spread' },
  NETWORK_FEE: { label: 'fee_network', testId: 'fee-network' },
  SERVICE_FEE: { label: 'fee_platform', testId: 'fee-platform' },
};

/** The lines in reading order: the spread first (it is in the rate), then the fees charged on top. */
const ORDER: FeeLine['kind'][] = ['SPREAD', 'NETWORK_FEE', 'SERVICE_FEE'];

export function QuoteBreakdown({ pair, t, locale }: { pair: PairData; t: TFunction; locale: string }) {
  const to = pair.instrumentTo;
  const money = (value: string) => formatAmount(value, { locale, maxDecimals: to.precisionDecimals ?? DEFAULT_PRECISION.receive });
  // An api from before issue 29 quotes no lines: the fees it does quote.
  const lines: FeeLine[] =
    pair.feeLines ??
    ([
      { kind: 'NETWORK_FEE', amount: pair.finalNetworkFeeAmount, currencyTitle: to.currencyTitle, slug: to.slug, takenFromAmountToGet: true },
      { kind: 'SERVICE_FEE', amount: pair.platformFee_Absolute, currencyTitle: to.currencyTitle, slug: to.slug, takenFromAmountToGet: true },
    ] satisfies FeeLine[]);
  const sorted = ORDER.flatMap((kind) => lines.filter((l) => l.kind === kind));
  const spread = spreadPercent(pair.price, pair.marketLeftPrice);
  const point = pricePoint(pair.marketLeftPrice);
  const taken = sorted.some((l) => l.takenFromAmountToGet);
  return (
    <>
      <dl className={styles.fees} data-testid="fees">
        {pair.marketAmountToGet ? (
          <div className={styles.feeRow}>
            <dt>{t('fee_market_value')}</dt>
            <dd data-testid="fee-market-value">
              {money(pair.marketAmountToGet)} {to.currencyTitle}
            </dd>
          </div>
        ) : null}
        {sorted.map((line) => (
          <div className={styles.feeRow} key={line.kind} data-testid={LINE_TEXT[line.kind].testId} data-kind={line.kind} data-amount={line.amount}>
            <dt>
              {t(LINE_TEXT[line.kind].label)}
              {line.kind === 'SPREAD' && spread !== null ? (
                <>
                  {' '}
                  {formatAmount(spread, { locale, maxDecimals: 2, minDecimals: 2 })}% (
                  {t('fee_market_price', {
                    points: formatAmount(point.multiplier, { locale, maxDecimals: DEFAULT_PRECISION.send }),
                    from: pair.instrumentFrom.currencyTitle,
                    price: formatAmount(point.value, { locale, maxDecimals: rateDecimals(to), minDecimals: rateDecimals(to) }),
                    to: to.currencyTitle,
                  })}
                  )
                </>
              ) : null}
            </dt>
            <dd data-testid="fee-line-amount">
              {line.takenFromAmountToGet ? '−' : ''}
              {money(line.amount)} {line.currencyTitle}
            </dd>
          </div>
        ))}
        <div className={styles.feeRow}>
          <dt>{t('fee_you_get')}</dt>
          <dd data-testid="fee-you-get">
            <strong>
              {money(pair.amountToGet)} {to.currencyTitle}
            </strong>
          </dd>
        </div>
      </dl>
      {taken ? (
        <p className={styles.note} data-testid="fees-taken-note">
          {t('fees_taken_from_amount')}
        </p>
      ) : null}
      {pair.estimatedSeconds ? <EstimateLine estimate={pair.estimatedSeconds} t={t} locale={locale} /> : null}
    </>
  );
}

/** "Deposit to payout ≈ 7–15 min (measured on 128 recent orders)". */
function EstimateLine({ estimate, t, locale }: { estimate: EstimatedSeconds; t: TFunction; locale: string }) {
  const { from, to, unit } = estimateRange(estimate.p50, estimate.p90);
  const n = (v: number) => formatNumber(v, locale, { maximumFractionDigits: 1 });
  return (
    <p className={styles.note} data-testid="quote-estimate" data-p50={estimate.p50} data-p90={estimate.p90} data-basis={estimate.basis}>
      {t('estimate_label')}{' '}
      <strong data-testid="quote-estimate-range">
        {t('estimate_value', { range: from === to ? n(from) : `${n(from)}–${n(to)}`, unit: t(`estimate_unit_${unit}`) })}
      </strong>{' '}
      ({estimate.basis === 'measured' ? t('estimate_measured', { count: estimate.sampleSize }) : t('estimate_default')})
    </p>
  );
}
