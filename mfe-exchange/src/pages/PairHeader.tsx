import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { Instrument } from 'shared-contracts';
import { Badge } from 'remote-kit/ui';
import type { ExchangeFormStore } from '../stores/ExchangeFormStore';
import { CoinLogo } from './CoinLogo';
import styles from './pages.module.css';

function Coin({ instrument }: { instrument: Instrument }) {
  return (
    <span className={styles.pair}>
      <CoinLogo instrument={instrument} size="lg" />
      <strong>{instrument.currencyTitle}</strong>
      <Badge tone="info">{instrument.networkTitle}</Badge>
    </span>
  );
}

/** §2 "a pair page header": both currencies with logos and network badges, then the same in a sentence. */
export const PairHeader = observer(function PairHeader({ form, t }: { form: ExchangeFormStore; t: TFunction }) {
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
    </div>
  );
});
