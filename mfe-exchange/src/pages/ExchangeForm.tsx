import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { ExchangeFormStore, FormError } from '../stores/ExchangeFormStore';
import type { RatesSocket } from '../stores/RatesSocket';
import { InstrumentSelect } from './InstrumentSelect';
import { formatDuration, useNow } from './useNow';
import styles from './ExchangeForm.module.css';

export interface ExchangeFormProps {
  form: ExchangeFormStore;
  socket: RatesSocket;
  t: TFunction;
}

/** The calculator: amounts, currencies, swap, rate mode, errors, rate and fees (§2, §4, §5, §8). */
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
  const fees = form.fees;
  return (
    <div className={styles.form} aria-busy={form.isLoading}>
      <fieldset className={styles.modes} aria-label={t('rate_mode')}>
        {(['FLOATING', 'FIXED'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={form.rateMode === mode}
            className={form.rateMode === mode ? styles.modeActive : styles.mode}
            onClick={() => form.setRateMode(mode)}
            data-testid={`rate-mode-${mode.toLowerCase()}`}
          >
            {t(mode === 'FIXED' ? 'rate_fixed' : 'rate_floating')}
          </button>
        ))}
      </fieldset>

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
            value={form.isSendLoading ? '' : form.valueToSend}
            placeholder={form.isSendLoading ? '…' : '0'}
            onChange={(e) => form.setAmount(e.target.value)}
            aria-invalid={form.error?.kind === 'min' || form.error?.kind === 'max'}
            aria-busy={form.isSendLoading}
            data-testid="amount-send"
          />
          <InstrumentSelect
            label={t('send_currency')}
            instruments={form.instruments}
            value={form.from}
            onChange={(s) => form.setFrom(s)}
            testId="instrument-send"
            t={t}
          />
        </div>
      </div>

      <button
        type="button"
        className={styles.swap}
        onClick={() => void form.swap()}
        disabled={form.isSwapCoinsLoading}
        aria-label={t('swap')}
        data-testid="swap"
      >
        ⇅
      </button>

      <div className={styles.field}>
        <label htmlFor="exchange-receive" className={styles.label}>
          {t('you_get')}
        </label>
        <div className={styles.row}>
          <input
            id="exchange-receive"
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            value={form.isReceiveLoading ? '' : form.valueToReceive}
            placeholder={form.isReceiveLoading ? '…' : '0'}
            onChange={(e) => form.setReceiveAmount(e.target.value)}
            aria-busy={form.isReceiveLoading}
            data-testid="amount-receive"
          />
          <InstrumentSelect
            label={t('receive_currency')}
            instruments={form.instruments}
            value={form.to}
            onChange={(s) => form.setTo(s)}
            testId="instrument-receive"
            t={t}
          />
        </div>
      </div>

      {form.error ? (
        <ErrorMessage
          error={form.error}
          currency={form.from?.currencyTitle ?? ''}
          t={t}
          limitToFill={form.limitToFill}
          onUseLimit={() => form.useExpectedAmount()}
        />
      ) : null}

      {pair && form.rateText ? (
        <div className={styles.rate}>
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
          {pair.rateMode === 'FIXED' && pair.fixedRateExpiresAt ? <FixedRateHold expiresAt={pair.fixedRateExpiresAt} quotedAt={pair.updatedAt} t={t} /> : null}
        </div>
      ) : !form.error && !form.isLoading && !form.request ? (
        <p className={styles.muted}>{t('enter_amount')}</p>
      ) : null}

      {pair && fees ? (
        <dl className={styles.fees} data-testid="fees">
          <dt>{t('fee_platform')}</dt>
          <dd data-testid="fee-platform">
            {fees.platformFee.amount} {fees.platformFee.currency}
          </dd>
          <dt>{t('fee_network')}</dt>
          <dd data-testid="fee-network">
            {fees.networkFee.amount} {fees.networkFee.currency}
          </dd>
          {fees.spreadPercent !== null ? (
            <>
              <dt>{t('fee_spread')}</dt>
              <dd data-testid="fee-spread">
                {fees.spreadPercent}% (
                {t('fee_market_price', { from: pair.instrumentFrom.currencyTitle, price: fees.marketPrice, to: pair.instrumentTo.currencyTitle })})
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}

      {pair && form.showMinConfirmations ? (
        <p className={styles.note} data-testid="min-confirmations">
          {t('min_confirmations', { count: pair.minConfirmationsToWithdraw })}
        </p>
      ) : null}

      {form.unsupportedPopupOpen ? (
        <div role="dialog" aria-modal="true" aria-labelledby="unsupported-title" className={styles.popup} data-testid="unsupported-popup">
          <p id="unsupported-title" className={styles.popupTitle}>
            {t('error_pair_not_supported_title')}
          </p>
          <p>{t('error_pair_not_supported_text')}</p>
          <button type="button" className={styles.secondary} onClick={() => form.closeUnsupportedPopup()}>
            {t('close')}
          </button>
        </div>
      ) : null}
    </div>
  );
});

function FixedRateHold({ expiresAt, quotedAt, t }: { expiresAt: string; quotedAt: string; t: TFunction }) {
  const now = useNow(true, Date.parse(quotedAt));
  const left = Date.parse(expiresAt) - now;
  return (
    <>
      <br />
      <span className={styles.hold} data-testid="fixed-rate-hold">
        {left > 0 ? t('fixed_rate_held', { time: formatDuration(left) }) : t('fixed_rate_expired')}
      </span>
    </>
  );
}

function ErrorMessage({
  error,
  currency,
  t,
  limitToFill,
  onUseLimit,
}: {
  error: FormError;
  currency: string;
  t: TFunction;
  limitToFill?: string;
  onUseLimit(): void;
}) {
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
    case 'unselected':
      text = t('error_instrument_unselected');
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
      {limitToFill ? (
        <button type="button" className={styles.linkButton} onClick={onUseLimit} data-testid="set-minimal" data-amount={limitToFill}>
          {t('set_minimal', { amount: limitToFill })}
        </button>
      ) : null}
    </p>
  );
}
