import { useRef } from 'react';
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { Instrument } from 'shared-contracts';
import { Badge } from 'remote-kit/ui';
import { ExactDecimal, formatAmount } from 'remote-kit/format';
import type { ExchangeFormStore } from './ExchangeFormStore';
import { CoinLogo } from '../../ui/CoinLogo';
import styles from '../../layout.module.css';

function Coin({ instrument }: { instrument: Instrument }) {
  return (
    <span className={styles.pair}>
      <CoinLogo instrument={instrument} size="lg" />
      <strong>{instrument.currencyTitle}</strong>
      <Badge tone="info">{instrument.networkTitle}</Badge>
    </span>
  );
}

type PairHeaderForm = Pick<ExchangeFormStore, 'from' | 'to' | 'pairData'>;

/**
 * The card pair's noKycThreshold (§4 card flow, in the send currency), known from the first quote on: it stays shown
 * while the amount is cleared or retyped (the form then has no pair data for a moment). Null for a crypto pair.
 */
function useNoKycThreshold(form: PairHeaderForm): string | null {
  const last = useRef<{ slug: string; threshold: string } | null>(null);
  const { from, pairData } = form;
  if (from?.instrumentType !== 'fiat') return null;
  if (pairData && pairData.instrumentFrom.slug === from.slug) last.current = { slug: from.slug, threshold: pairData.noKycThreshold };
  return last.current?.slug === from.slug ? last.current.threshold : null;
}

/**
 * §2 "a pair page header": both currencies with logos and network badges, then the same in a sentence. A card pair
 * also says up to which amount no identity verification is asked, before any amount is typed (issue 25).
 */
export const PairHeader = observer(function PairHeader({ form, t, locale }: { form: PairHeaderForm; t: TFunction; locale: string }) {
  const threshold = useNoKycThreshold(form);
  const { from, to } = form;
  if (!from || !to) return null;
  return (
    <div className={styles.pairHeader} data-testid="pair-header">
      {/* the sentence below says it all to a screen reader */}
      <div className={styles.pairCoins} aria-hidden="true">
        <Coin instrument={from} />
        <span>→</span>
        <Coin instrument={to} />
      </div>
      <p className={styles.pairText}>
        {from.instrumentType === 'fiat'
          ? // a card purchase: the currency code reads in every language ("US Dollar (card) (CARD)" did not)
            t('pair_subtitle_card', { fromCode: from.currencyTitle, toName: to.currencyFriendlyTitle, toNetwork: to.networkTitle })
          : t('pair_subtitle', {
              fromName: from.currencyFriendlyTitle,
              fromNetwork: from.networkTitle,
              toName: to.currencyFriendlyTitle,
              toNetwork: to.networkTitle,
            })}
      </p>
      {threshold ? (
        <p className={styles.pairText} data-testid="card-no-kyc-threshold">
          {t('card_no_kyc_threshold', {
            // whole units, rounded down: a promise that holds for every amount below it (EUR's threshold has cents)
            threshold: formatAmount(ExactDecimal.from(threshold).round(0, 'floor').toFixed(), { locale, maxDecimals: 0 }),
            currency: from.currencyTitle,
          })}
        </p>
      ) : null}
    </div>
  );
});
