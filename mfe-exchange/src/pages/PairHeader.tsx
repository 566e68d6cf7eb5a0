import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { ExchangeFormStore } from '../stores/ExchangeFormStore';
import { CoinLogo } from './CoinLogo';
import styles from './ExchangeForm.module.css';

/** §2 "a pair page header": both currencies with logos and networks. */
export const PairHeader = observer(function PairHeader({ form, t }: { form: ExchangeFormStore; t: TFunction }) {
  const { from, to } = form;
  if (!from || !to) return null;
  return (
    <p className={styles.pairHeader} data-testid="pair-header">
      <CoinLogo instrument={from} /> <CoinLogo instrument={to} />{' '}
      {t('pair_subtitle', {
        fromName: from.currencyFriendlyTitle,
        fromNetwork: from.networkTitle,
        toName: to.currencyFriendlyTitle,
        toNetwork: to.networkTitle,
      })}
    </p>
  );
});
