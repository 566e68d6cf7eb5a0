// The details part of the exchange form and the create button, in its own chunk (not on the first paint). The same
// chunk exports the factory of its store: the page's root store loads it after mount and owns the store (one root
// store per page mount, stores/ExchangeRootStore.ts); this UI renders once the root has it.
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import type { HostServices } from 'shared-contracts';
import type { ExchangeFormStore } from '../stores/ExchangeFormStore';
import type { DetailsStoreFactory, ExchangeRootStore } from '../stores/ExchangeRootStore';
import { useT } from '../pages/useT';
import { ExchangeDetailsStore, type DetailsField } from './ExchangeDetailsStore';
import styles from '../pages/ExchangeForm.module.css';

const ExchangeDetails = observer(function ExchangeDetails({ host, root }: { host: HostServices; root: ExchangeRootStore }) {
  const t = useT(host);
  return root.details ? <DetailsForm store={root.details} form={root.form} t={t} /> : null;
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
      referral: session.referral,
      localEmail: { get: () => session.confirmedEmails.last(), remember: (email) => session.confirmedEmails.remember(email) },
      confirmEmail: (email) => session.confirmEmail(email),
      utm: () => session.utm(),
      fingerprint: () => session.getVisitorId(),
      newIdempotencyKey: () =>
        typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`,
    });
  };
}

const DetailsForm = observer(function DetailsForm({ store, form, t }: { store: ExchangeDetailsStore; form: ExchangeFormStore; t: TFunction }) {
  const { from, to } = form;
  if (!from || !to || form.status === 'initialising' || form.status === 'initFailed') return null;
  const err = (field: DetailsField) =>
    store.errors[field] ? (
      <p className={styles.fieldError} role="alert" data-testid={`${fieldTestId[field]}-error`}>
        {t(store.errors[field]!)}
      </p>
    ) : null;
  return (
    <form
      className={styles.details}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void store.create();
      }}
      data-testid="exchange-details"
    >
      {!store.sellingFiat ? (
        <div className={styles.field}>
          <label htmlFor="destination-address" className={styles.label}>
            {t('destination_address', { currency: to.currencyTitle, network: to.networkTitle })}
          </label>
          <input
            id="destination-address"
            className={styles.input}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('destination_address_placeholder', { currency: to.currencyTitle })}
            value={store.destinationAddress}
            onChange={(e) => store.set('destinationAddress', e.target.value)}
            aria-invalid={!!store.errors.destinationAddress}
            data-testid="destination-address"
          />
          {err('destinationAddress')}
        </div>
      ) : null}

      {store.requiresMemo ? (
        <div className={styles.field}>
          <label htmlFor="destination-memo" className={styles.label}>
            {t('destination_memo')}
          </label>
          <input
            id="destination-memo"
            className={styles.input}
            autoComplete="off"
            value={store.destinationMemo}
            disabled={store.noMemo}
            onChange={(e) => store.set('destinationMemo', e.target.value)}
            aria-invalid={!!store.errors.destinationMemo}
            data-testid="destination-memo"
          />
          <label className={styles.check}>
            <input type="checkbox" checked={store.noMemo} onChange={(e) => store.setNoMemo(e.target.checked)} data-testid="no-memo" />
            {t('no_memo')}
          </label>
          {err('destinationMemo')}
        </div>
      ) : null}

      {store.isFixed ? (
        <div className={styles.field}>
          <label htmlFor="refund-address" className={styles.label}>
            {t('refund_address', { currency: from.currencyTitle, network: from.networkTitle })}
          </label>
          <input
            id="refund-address"
            className={styles.input}
            autoComplete="off"
            spellCheck={false}
            value={store.refundAddress}
            onChange={(e) => store.set('refundAddress', e.target.value)}
            aria-invalid={!!store.errors.refundAddress}
            data-testid="refund-address"
          />
          {err('refundAddress')}
          {store.refundRequiresMemo ? (
            <>
              <label htmlFor="refund-memo" className={styles.label}>
                {t('refund_memo')}
              </label>
              <input
                id="refund-memo"
                className={styles.input}
                autoComplete="off"
                value={store.refundMemo}
                onChange={(e) => store.set('refundMemo', e.target.value)}
                data-testid="refund-memo"
              />
            </>
          ) : null}
          <p className={styles.hint}>{t('refund_hint')}</p>
        </div>
      ) : null}

      {store.askEmail ? (
        <div className={styles.field}>
          <label htmlFor="order-email" className={styles.label}>
            {t('email')}
          </label>
          <input
            id="order-email"
            type="email"
            className={styles.input}
            autoComplete="email"
            value={store.email}
            disabled={!form.isReady}
            onChange={(e) => store.setEmail(e.target.value)}
            aria-invalid={!!store.emailError}
            data-testid="email"
          />
          {store.emailError ? (
            <p className={styles.fieldError} role="alert" data-testid="email-error">
              {t(store.emailError)}
            </p>
          ) : null}
        </div>
      ) : null}

      <label className={styles.check}>
        <input type="checkbox" checked={store.termsAccepted} onChange={(e) => store.setTermsAccepted(e.target.checked)} data-testid="terms" />
        {t('terms')}
      </label>
      {err('terms')}

      {store.createError ? (
        <p className={styles.error} role="alert" data-testid="create-error">
          {t(store.createError)}
        </p>
      ) : null}

      <button type="submit" className={styles.primary} disabled={store.isCreating} data-testid="create-order">
        {store.isCreating ? t('creating_order') : t('create_order')}
      </button>
    </form>
  );
});

const fieldTestId: Record<DetailsField, string> = {
  destinationAddress: 'destination-address',
  destinationMemo: 'destination-memo',
  refundAddress: 'refund-address',
  refundMemo: 'refund-memo',
  terms: 'terms',
  email: 'email',
};
