import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { ExchangeFormStore } from './ExchangeFormStore';
import styles from '../../layout.module.css';

/** The steps of an exchange, or of a card purchase (issue 25: it has no deposit to send to an address, it is paid by card). */
const STEPS = {
  exchange: ['how_pair', 'how_address', 'how_send'],
  card: ['how_card_pair', 'how_card_address', 'how_card_pay'],
} as const;

/** "How it works" beside the form: the steps of what the form is set to, an exchange or a card purchase (§1 fiat sender). */
export const HowItWorks = observer(function HowItWorks({ form, t }: { form: Pick<ExchangeFormStore, 'from'>; t: TFunction }) {
  const kind = form.from?.instrumentType === 'fiat' ? 'card' : 'exchange';
  return (
    <section className={styles.how} aria-labelledby="how-title" data-testid="how-it-works" data-kind={kind}>
      <h2 id="how-title" className={styles.howTitle}>
        {t(kind === 'card' ? 'how_card_title' : 'how_title')}
      </h2>
      <ol className={styles.steps}>
        {STEPS[kind].map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </section>
  );
});
