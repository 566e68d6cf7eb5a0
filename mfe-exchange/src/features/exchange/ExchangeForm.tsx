import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { RateMode } from 'shared-contracts';
import { Badge, Button, LineIcon, Skeleton, Tabs, TextField, Toast, VisuallyHidden } from 'remote-kit/ui';
import { ExactDecimal, formatAmount, RelativeTime, toLocaleDecimal } from 'remote-kit/format';
import { LIMIT_HEADROOM, type ExchangeFormStore, type FormError } from './ExchangeFormStore';
import type { RatesSocket } from './RatesSocket';
import { rateLine } from '../../lib/rateLine';
import { HoldRulesNote } from './HoldRulesNote';
import { InstrumentSelect } from './InstrumentSelect';
import { QuoteBreakdown } from './quoteBreakdown/QuoteBreakdown';
import { formatDuration, useNow } from './useNow';
import styles from './ExchangeForm.module.css';

export interface ExchangeFormProps {
  form: ExchangeFormStore;
  socket: RatesSocket;
  t: TFunction;
  /** The site's locale, for numbers and times. */
  locale: string;
}

// Shown only once a pair is refused: the popup and the design system's Dialog load then, not with the page (issue 27).
const UnsupportedPairDialog = lazy(() => import(/* webpackChunkName: "unsupported-pair" */ './UnsupportedPairDialog'));

/** A limit the api named is shown whole (cutting a minimum would show less than the minimum), only grouped. */
const EXACT = 18;

/** The calculator: rate mode, the send and receive rows, errors, the rate and the fees (§2, §4, §5, §8). */
export const ExchangeForm = observer(function ExchangeForm({ form, socket, t, locale }: ExchangeFormProps) {
  const ids = useId();
  const sendRef = useRef<HTMLInputElement>(null);
  const receiveRef = useRef<HTMLInputElement>(null);
  // Typed into the server's page before it was live: hydration keeps what is in the field but fires no change, so
  // the store still holds the server's amount and its next render would put that back. Once, on mount (before the
  // screen's effect starts the root), what the visitor typed becomes the form's amount.
  useEffect(() => {
    if (form.isLoading) return; // a loading side renders empty: nothing of it was the server's
    const send = sendRef.current?.value;
    const receive = receiveRef.current?.value;
    if (send !== undefined && send !== toLocaleDecimal(form.valueToSend, locale)) form.setAmount(send);
    else if (receive !== undefined && receive !== toLocaleDecimal(form.valueToReceive, locale)) form.setReceiveAmount(receive);
  }, [form, locale]);
  if (form.status === 'idle' || form.status === 'initialising') {
    return (
      <div className={styles.placeholder} aria-busy="true">
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
        <Skeleton height="44px" width="60%" />
        <Skeleton height="48px" />
        <Skeleton height="48px" />
        <Skeleton lines={3} />
      </div>
    );
  }
  if (form.status === 'initFailed') {
    return <Toast tone="danger">{t('error_load_failed')}</Toast>;
  }
  const pair = form.pairData;
  const amountError = form.error?.kind === 'min' || form.error?.kind === 'max';
  const errorId = `${ids}-error`;
  const kycNoteId = `${ids}-kyc`;
  return (
    <div className={styles.form} aria-busy={form.isLoading}>
      <Tabs
        id={`${ids}-mode`}
        ariaLabel={t('rate_mode')}
        variant="segmented"
        value={form.rateMode}
        onChange={(mode) => form.setRateMode(mode as RateMode)}
        items={(['FLOATING', 'FIXED'] as const).map((mode) => ({
          id: mode,
          panelId: `${ids}-panel`,
          label: <span data-testid={`rate-mode-${mode.toLowerCase()}`}>{t(mode === 'FIXED' ? 'rate_fixed' : 'rate_floating')}</span>,
        }))}
      />

      <div className={styles.panel} role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-mode-${form.rateMode}`}>
        <div className={styles.sides}>
          <TextField
            id="exchange-amount"
            ref={sendRef}
            label={t('you_send')}
            inputMode="decimal"
            autoComplete="off"
            value={form.isSendLoading ? '' : toLocaleDecimal(form.valueToSend, locale)}
            placeholder={form.isSendLoading ? '…' : '0'}
            onChange={(e) => form.setAmount(e.target.value)}
            aria-invalid={amountError || undefined}
            aria-describedby={amountError ? errorId : form.needsVerification ? kycNoteId : undefined}
            aria-busy={form.isSendLoading}
            data-testid="amount-send"
            endAdornment={
              <InstrumentSelect
                label={t('send_currency')}
                instruments={form.instruments}
                value={form.from}
                onChange={(s) => form.setFrom(s)}
                testId="instrument-send"
                t={t}
              />
            }
          />

          <Button
            variant="secondary"
            size="sm"
            className={styles.swap}
            onClick={() => void form.swap()}
            disabled={!form.canSwap}
            aria-label={t('swap')}
            data-testid="swap"
          >
            <LineIcon d="M8 4v14M8 4L4 8M8 4l4 4M16 20V6M16 20l-4-4M16 20l4-4" size={20} />
          </Button>

          <TextField
            id="exchange-receive"
            ref={receiveRef}
            label={t('you_get')}
            inputMode="decimal"
            autoComplete="off"
            value={form.isReceiveLoading ? '' : toLocaleDecimal(form.valueToReceive, locale)}
            placeholder={form.isReceiveLoading ? '…' : '0'}
            onChange={(e) => form.setReceiveAmount(e.target.value)}
            aria-busy={form.isReceiveLoading}
            data-testid="amount-receive"
            endAdornment={
              <InstrumentSelect
                label={t('receive_currency')}
                instruments={form.receiveInstruments}
                value={form.to}
                onChange={(s) => form.setTo(s)}
                testId="instrument-receive"
                t={t}
              />
            }
          />
        </div>

        {form.error ? (
          <ErrorMessage
            id={errorId}
            error={form.error}
            currency={form.from?.currencyTitle ?? ''}
            locale={locale}
            t={t}
            limitToFill={form.limitToFill}
            onUseLimit={() => form.useExpectedAmount()}
          />
        ) : null}

        {pair && form.rateText ? (
          <div className={styles.quote}>
            <p className={styles.rate}>
              <span className={styles.label}>{t('rate')}</span>
              <strong className={styles.rateValue} data-testid="live-rate">
                {rateLine(pair, locale)}
              </strong>
              <LiveBadge socket={socket} t={t} />
            </p>
            <p className={styles.meta}>
              <span>
                {t('updated_at')} <RelativeTime value={pair.updatedAt} locale={locale} data-testid="rate-updated-at" />
              </span>
              {pair.rateMode === 'FIXED' && pair.fixedRateExpiresAt ? (
                <FixedRateHold expiresAt={pair.fixedRateExpiresAt} quotedAt={pair.updatedAt} t={t} />
              ) : null}
            </p>
            {/* issue 29: the all-in quote — every fee line and the time estimate */}
            <QuoteBreakdown pair={pair} t={t} locale={locale} />
            {form.needsVerification ? (
              <p className={styles.note} id={kycNoteId} data-testid="kyc-threshold-note">
                {t('kyc_threshold_note', {
                  threshold: formatAmount(pair.noKycThreshold, { locale, maxDecimals: EXACT }),
                  currency: pair.instrumentFrom.currencyTitle,
                })}
              </p>
            ) : null}
            <HoldRulesNote pair={pair} t={t} locale={locale} />
            {form.showMinConfirmations ? (
              <p className={styles.note} data-testid="min-confirmations">
                {t('min_confirmations', { count: pair.minConfirmationsToWithdraw })}
              </p>
            ) : null}
          </div>
        ) : !form.error && !form.isLoading && !form.request ? (
          <p className={styles.note}>{t('enter_amount')}</p>
        ) : null}
      </div>

      {form.unsupportedPopupOpen ? (
        <Suspense fallback={null}>
          <UnsupportedPairDialog onClose={() => form.closeUnsupportedPopup()} t={t} />
        </Suspense>
      ) : null}
    </div>
  );
});

/**
 * "Live" while the rate socket is open: an observer of its own, so the socket opening (just after hydration) or closing
 * re-renders this badge, not the whole form in one blocking task (issue 27).
 */
const LiveBadge = observer(function LiveBadge({ socket, t }: { socket: ExchangeFormProps['socket']; t: TFunction }) {
  return socket.state === 'open' ? <Badge tone="success">{t('rate_live')}</Badge> : null;
});

function FixedRateHold({ expiresAt, quotedAt, t }: { expiresAt: string; quotedAt: string; t: TFunction }) {
  const now = useNow(true, Date.parse(quotedAt));
  const left = Date.parse(expiresAt) - now;
  return (
    <Badge tone="warning">
      <span data-testid="fixed-rate-hold">{left > 0 ? t('fixed_rate_held', { time: formatDuration(left) }) : t('fixed_rate_expired')}</span>
    </Badge>
  );
}

function ErrorMessage({
  id,
  error,
  currency,
  locale,
  t,
  limitToFill,
  onUseLimit,
}: {
  id: string;
  error: FormError;
  currency: string;
  locale: string;
  t: TFunction;
  limitToFill?: string;
  onUseLimit(): void;
}) {
  const amount = (value: string) => formatAmount(value, { locale, maxDecimals: EXACT });
  let text: string;
  let headroom: string | null = null;
  switch (error.kind) {
    case 'min':
    case 'max':
      // The text names the amount the button fills in (the limit moved LIMIT_HEADROOM inside), then the limit itself.
      if (error.expectedAmount && limitToFill) {
        text = t(error.kind === 'min' ? 'error_min_amount' : 'error_max_amount', { amount: amount(limitToFill), currency });
        headroom =
          limitToFill === error.expectedAmount
            ? null
            : t(error.kind === 'min' ? 'error_min_headroom' : 'error_max_headroom', {
                limit: amount(error.expectedAmount),
                currency,
                headroom: formatAmount(ExactDecimal.from(LIMIT_HEADROOM).times(100).toFixed(), { locale, maxDecimals: 2 }),
              });
      } else text = t(error.kind === 'min' ? 'error_min_amount_plain' : 'error_max_amount_plain');
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
    <Toast tone="danger" data-testid="pair-error">
      <span className={styles.errorBody}>
        <span id={id}>
          {text}
          {headroom ? (
            <>
              {' '}
              <span data-testid="limit-headroom">{headroom}</span>
            </>
          ) : null}
        </span>
        {limitToFill ? (
          <Button variant="secondary" size="sm" onClick={onUseLimit} data-testid="set-minimal" data-amount={limitToFill}>
            {t('set_minimal', { amount: amount(limitToFill) })}
          </Button>
        ) : null}
      </span>
    </Toast>
  );
}
