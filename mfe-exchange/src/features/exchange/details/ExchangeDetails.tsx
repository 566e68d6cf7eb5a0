// The details part of the exchange form and the create button, in its own chunk (not on the first paint). The same
// chunk exports the factory of its store: the page's root store loads it after mount and owns the store (one root
// store per page mount, ../ExchangeRootStore.ts); this UI renders once the root has it.
import { lazy, Suspense, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import { NOTIFICATION_SHORT_TIMEOUT_MS, type HostServices } from 'shared-contracts';
import { Button, Checkbox, LegalLinks, LiveRegion, TextField, Toast } from 'remote-kit/ui';
import { useObservedInTransition } from 'remote-kit/observed-in-transition';
import type { ExchangeFormStore } from '../ExchangeFormStore';
import type { DetailsStoreFactory, ExchangeRootStore } from '../ExchangeRootStore';
import { useT } from '../../../useT';
import { namespace } from '../../../i18n';
import { ScanButton } from '../scanner/ScanButton';
import { ExchangeDetailsStore, type DetailsField, type ScannableField } from './ExchangeDetailsStore';
import { SlippageControl } from './SlippageControl';
import styles from '../ExchangeForm.module.css';

const ExchangeDetails = observer(function ExchangeDetails({ host, root }: { host: HostServices; root: ExchangeRootStore }) {
  const t = useT(host);
  // the whole details form appears when its store is ready: as a transition, not one blocking task (issue 27)
  const details = useObservedInTransition(() => root.details);
  return details ? <DetailsForm store={details} form={root.form} t={t} prefix={host.locale.prefix} locale={host.locale.current} /> : null;
});
export default ExchangeDetails;

/** The details store's dependencies from the page's host (the UTM record, referral and confirmed email are the shell's). */
export function detailsStoreFactory(host: HostServices): DetailsStoreFactory {
  return (form) => {
    const { session } = host;
    return new ExchangeDetailsStore({
      api: host.api,
      form,
      session,
      navigate: (to) => host.navigate(to),
      track: (event, data) => host.analytics.track(event, data),
      // §4: leaving the form for the new order's page is not abandoning it
      onOrderCreated: () => form.analytics?.orderCreated(),
      referral: session.referral,
      localEmail: { get: () => session.confirmedEmails.last(), remember: (email) => session.confirmedEmails.remember(email) },
      confirmEmail: (email) => session.confirmEmail(email),
      utm: () => session.utm(),
      fingerprint: () => session.getVisitorId(),
      newIdempotencyKey: () =>
        typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      cardFlow: () =>
        loadCardFlowChunk().then(
          ({ CardFlowStore }) =>
            new CardFlowStore({
              api: host.api,
              session,
              // A card pair's liquidity provider is the card provider (the api quotes its code for a fiat sender).
              provider: () => (form.pairData?.liquidityProviderPublicCode ?? '').toLowerCase(),
              locale: () => host.locale.current,
              // §8 KYC flow error: error_kyc_flow on the host's notification bus (an error notification: the short timeout, §9)
              notifyFlowError: () =>
                host.notify({ type: 'error', message: host.i18n.t('error_kyc_flow', { ns: namespace }), timeout: NOTIFICATION_SHORT_TIMEOUT_MS }),
            }),
        ),
    });
  };
}

// §4 card flow (a fiat sender only): its store and dialogs in a chunk of their own, not on the home page's first load
// (issue 27); the details store asks for it as soon as the send side is fiat, the dialogs render once it is there.
const loadCardFlowChunk = () => import(/* webpackChunkName: "card-flow" */ '../cardFlow/cardFlowChunk');
const CardFlowModals = lazy(() => loadCardFlowChunk().then((chunk) => ({ default: chunk.CardFlowModals })));

const QrScannerDialog = lazy(() => import(/* webpackChunkName: "qr-scanner" */ '../scanner/QrScannerDialog'));

/** The fields in the order they are shown: after a refused submit the first one with an error takes the focus. */
const FIELD_ORDER: DetailsField[] = ['destinationAddress', 'destinationMemo', 'refundAddress', 'refundMemo', 'maxSlippage', 'email', 'terms'];

const scanLabel: Record<ScannableField, string> = {
  destinationAddress: 'scan_destination',
  destinationMemo: 'scan_memo',
  refundAddress: 'scan_refund',
  refundMemo: 'scan_refund_memo',
};

const DetailsForm = observer(function DetailsForm({
  store,
  form,
  t,
  prefix,
  locale,
}: {
  store: ExchangeDetailsStore;
  form: ExchangeFormStore;
  t: TFunction;
  prefix: string;
  locale: string;
}) {
  const ids = useId();
  const [scanning, setScanning] = useState<ScannableField | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { from, to } = form;
  if (!from || !to || form.status === 'initialising' || form.status === 'initFailed') return null;
  const idOf = (field: DetailsField) => `${ids}-${fieldTestId[field]}`;
  const err = (field: DetailsField) =>
    store.errors[field] ? (
      <span role="alert" data-testid={`${fieldTestId[field]}-error`}>
        {t(store.errors[field]!)}
      </span>
    ) : undefined;
  const scan = (field: ScannableField) => (
    <ScanButton
      label={t(scanLabel[field])}
      onClick={() => {
        setAnnouncement('');
        setScanning(field);
      }}
      testId={`${fieldTestId[field]}-scan`}
    />
  );
  return (
    <>
      <form
        className={styles.details}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void store.create().then(() => {
            // a refused submit: the keyboard lands on the first field to fix (its error is read with it)
            const first = FIELD_ORDER.find((f) => store.errors[f]);
            if (first) document.getElementById(idOf(first))?.focus();
          });
        }}
        data-testid="exchange-details"
      >
        <TextField
          id={idOf('destinationAddress')}
          label={t('destination_address', { currency: to.currencyTitle, network: to.networkTitle })}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('destination_address_placeholder', { currency: to.currencyTitle })}
          value={store.destinationAddress}
          onChange={(e) => store.set('destinationAddress', e.target.value)}
          error={err('destinationAddress')}
          endAdornment={scan('destinationAddress')}
          data-testid="destination-address"
        />

        {store.requiresMemo ? (
          <div className={styles.memo}>
            <TextField
              id={idOf('destinationMemo')}
              label={t('destination_memo')}
              autoComplete="off"
              value={store.destinationMemo}
              disabled={store.noMemo}
              onChange={(e) => store.set('destinationMemo', e.target.value)}
              error={err('destinationMemo')}
              endAdornment={store.noMemo ? undefined : scan('destinationMemo')}
              data-testid="destination-memo"
            />
            <Checkbox label={t('no_memo')} checked={store.noMemo} onChange={(e) => store.setNoMemo(e.target.checked)} data-testid="no-memo" />
          </div>
        ) : null}

        {store.asksRefund ? (
          <TextField
            id={idOf('refundAddress')}
            label={t('refund_address', { currency: from.currencyTitle, network: from.networkTitle })}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={store.refundAddress}
            onChange={(e) => store.set('refundAddress', e.target.value)}
            hint={t('refund_hint')}
            error={err('refundAddress')}
            endAdornment={scan('refundAddress')}
            data-testid="refund-address"
          />
        ) : null}
        {store.asksRefund && store.refundRequiresMemo ? (
          <TextField
            id={idOf('refundMemo')}
            label={t('refund_memo')}
            autoComplete="off"
            value={store.refundMemo}
            onChange={(e) => store.set('refundMemo', e.target.value)}
            error={err('refundMemo')}
            endAdornment={scan('refundMemo')}
            data-testid="refund-memo"
          />
        ) : null}

        {store.asksSlippage ? <SlippageControl store={store} id={idOf('maxSlippage')} locale={locale} t={t} /> : null}

        {store.askEmail ? (
          <TextField
            id={idOf('email')}
            type="email"
            label={t('email')}
            autoComplete="email"
            value={store.email}
            disabled={!form.isReady}
            onChange={(e) => store.setEmail(e.target.value)}
            error={
              store.emailError ? (
                <span role="alert" data-testid="email-error">
                  {t(store.emailError)}
                </span>
              ) : undefined
            }
            data-testid="email"
          />
        ) : null}

        <Checkbox
          id={idOf('terms')}
          label={<LegalLinks text={t('terms')} prefix={prefix} />}
          checked={store.termsAccepted}
          onChange={(e) => store.setTermsAccepted(e.target.checked)}
          error={err('terms')}
          data-testid="terms"
        />

        {store.createError ? (
          <Toast tone="danger" data-testid="create-error">
            {t(store.createError)}
          </Toast>
        ) : null}

        <Button type="submit" block loading={store.isCreating} data-testid="create-order">
          {store.isCreating ? t('creating_order') : t('create_order')}
        </Button>

        <LiveRegion>{announcement}</LiveRegion>
        {scanning ? (
          <Suspense fallback={null}>
            <QrScannerDialog
              open
              onClose={() => setScanning(null)}
              title={t(scanLabel[scanning])}
              noMatchText={t(scanning === 'destinationMemo' || scanning === 'refundMemo' ? 'scanner_no_memo' : 'scanner_no_address')}
              accept={(raw) => {
                if (!store.fillFromScan(scanning, raw)) return false;
                setScanning(null);
                setAnnouncement(t('scanner_filled'));
                return true;
              }}
              t={t}
            />
          </Suspense>
        ) : null}
      </form>
      {/* a form of its own (the email code) must not sit inside this one */}
      {store.cardFlow ? (
        <Suspense fallback={null}>
          <CardFlowModals flow={store.cardFlow} t={t} />
        </Suspense>
      ) : null}
    </>
  );
});

const fieldTestId: Record<DetailsField, string> = {
  destinationAddress: 'destination-address',
  destinationMemo: 'destination-memo',
  refundAddress: 'refund-address',
  refundMemo: 'refund-memo',
  maxSlippage: 'slippage-custom-value',
  terms: 'terms',
  email: 'email',
};
