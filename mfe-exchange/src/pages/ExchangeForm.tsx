import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { ExchangeFormStore, FormError } from '../stores/ExchangeFormStore';
import type { RatesSocket } from '../stores/RatesSocket';
import { InstrumentSelect } from './InstrumentSelect';
import styles from './ExchangeForm.module.css';

export interface ExchangeFormProps {
  form: ExchangeFormStore;
  socket: RatesSocket;
  t: TFunction;
}

export const ExchangeForm = observer(function ExchangeForm({ form, socket, t }: ExchangeFormProps) {
  if (form.status === 'idle' || form.status === 'initialising') {
    return (
      <div className={styles.placeholder} aria-busy="true">
        {t('loading')}
      </div>
    );
  }
  if (form.status === 'initFailed') {
    return (
      <p role="alert" className={styles.error}>
        {t('error_load_failed')}
      </p>
    );
  }
  const pair = form.pairData;
  return (
    <form className={styles.form} onSubmit={(e) => e.preventDefault()} aria-busy={form.isLoading}>
      <div className={styles.field}>
        <label htmlFor="exchange-amount" className={styles.label}>
          {t('you_send')}
        </label>
        <div className={styles.row}>
          <input
            id="exchange-amount"
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            value={form.amount}
            onChange={(e) => form.setAmount(e.target.value)}
            aria-invalid={form.error?.kind === 'min' || form.error?.kind === 'max'}
            data-testid="amount-send"
          />
          <InstrumentSelect id="exchange-from" label={t('send_currency')} instruments={form.instruments} value={form.from} onChange={(s) => form.setFrom(s)} testId="instrument-send" />
        </div>
      </div>

      <div className={styles.field}>
        <label htmlFor="exchange-receive" className={styles.label}>
          {t('you_get')}
        </label>
        <div className={styles.row}>
          <output id="exchange-receive" className={`${styles.input} ${styles.output}`} data-testid="amount-receive">
            {form.amountToReceive ?? (form.isLoading ? '…' : '')}
          </output>
          <InstrumentSelect id="exchange-to" label={t('receive_currency')} instruments={form.instruments} value={form.to} onChange={(s) => form.setTo(s)} testId="instrument-receive" />
        </div>
      </div>

      {form.error ? (
        <ErrorMessage error={form.error} currency={form.from?.currencyTitle ?? ''} t={t} onUseLimit={() => form.useExpectedAmount()} />
      ) : null}

      {pair && form.rateText ? (
        <p className={styles.rate}>
          <span className={styles.muted}>{t('rate')}: </span>
          <span data-testid="live-rate">{form.rateText}</span>
          {socket.state === 'open' ? <span className={styles.live}>{t('rate_live')}</span> : null}
          <br />
          <span className={styles.muted}>
            {t('updated_at')}:{' '}
            <time dateTime={pair.updatedAt} data-testid="rate-updated-at">
              {pair.updatedAt}
            </time>
          </span>
        </p>
      ) : !form.error && !form.isLoading && !form.request ? (
        <p className={styles.muted}>{t('enter_amount')}</p>
      ) : null}

      <p className={styles.note}>{t('next_release')}</p>
    </form>
  );
});

function ErrorMessage({ error, currency, t, onUseLimit }: { error: FormError; currency: string; t: TFunction; onUseLimit(): void }) {
  let text: string;
  switch (error.kind) {
    case 'min':
    case 'max':
      text = error.expectedAmount
        ? t(error.kind === 'min' ? 'error_min_amount' : 'error_max_amount', { amount: error.expectedAmount, currency })
        : t(error.kind === 'min' ? 'error_min_amount_plain' : 'error_max_amount_plain');
      break;
    case 'unsupported':
      text = t('error_pair_unsupported');
      break;
    case 'same':
      text = t('error_same_instruments');
      break;
    case 'loadFailed':
      text = t('error_load_failed');
      break;
    default:
      text = t('error_unknown');
  }
  return (
    <p role="alert" className={styles.error} data-testid="pair-error">
      {text}{' '}
      {(error.kind === 'min' || error.kind === 'max') && error.expectedAmount ? (
        <button type="button" className={styles.linkButton} onClick={onUseLimit}>
          {t('use_limit', { amount: error.expectedAmount })}
        </button>
      ) : null}
    </p>
  );
}
