// Withdrawals (§2 /profile/withdraw): the USDT balance, the TRC20 withdrawal form (§5, §8) with the success modal of
// §2, and the withdrawal history, reloaded after a withdrawal (§7) and refreshed while one is on its way.
// Issue 24: an unconfirmed email says why instead of the form (with the way to confirm it); step-up when asked.
// Issue 25: "Withdraw all", the amount in the locale's decimal separator, and a confirmation step before sending.
import { type FormEvent, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices, RemotePageProps } from 'shared-contracts';
import { Button, Card, Dialog, TextField } from 'remote-kit/ui';
import { ProfileFrame } from '../layout/ProfileFrame';
import { Loadable } from 'remote-kit/load';
import { toLocaleDecimal } from 'remote-kit/format';
import { formatUsdt, intlLocale } from '../lib/locale';
import { useT } from '../i18n/useT';
import { BalancesCard, WithdrawalsTable } from '../features/wallet/parts';
import { WalletStore } from '../features/wallet/WalletStore';
import type { AccountStatusStore } from '../features/security/AccountStatusStore';
import { createAccountStores } from '../features/security/accountStores';
import { EmailNotice } from '../features/security/EmailNotice';
import { StepUpDialog } from '../stepUp/StepUpDialog';
import { WITHDRAWAL_NETWORK, type WithdrawError, WithdrawStore } from '../features/withdraw/WithdrawStore';
import styles from '../layout/profile.module.css';

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function makeStores(host: HostServices) {
  const wallet = new WalletStore(host.api, false);
  const { status, stepUp } = createAccountStores(host);
  const form = new WithdrawStore({
    api: host.api,
    isAuthorised: () => host.session.isAuthorised,
    newIdempotencyKey,
    reloadWallet: () => void wallet.reload(),
    stepUp,
    emailNotConfirmed: () => void status.reload(),
    available: () => (wallet.loadState.isReady ? wallet.usdt.amount : undefined),
  });
  return { wallet, status, stepUp, form };
}

export const ProfileWithdrawPage = observer(function ProfileWithdrawPage({ host }: RemotePageProps) {
  const [{ wallet, status, stepUp, form }] = useState(() => makeStores(host));
  const authorised = host.session.isAuthorised;
  useEffect(() => {
    if (!authorised) return;
    wallet.start();
    void form.loadTerms();
    void status.refreshIfUnconfirmed();
    return () => wallet.dispose();
  }, [authorised, wallet, form, status]);
  return (
    <ProfileFrame host={host} titleKey="withdraw_title">
      <WithdrawBody host={host} wallet={wallet} form={form} status={status} />
      <StepUpDialog host={host} store={stepUp} />
    </ProfileFrame>
  );
});

type WithdrawBodyProps = { host: HostServices; wallet: WalletStore; form: WithdrawStore; status: AccountStatusStore };

const WithdrawBody = observer(function WithdrawBody({ host, wallet, form, status }: WithdrawBodyProps) {
  const t = useT(host);
  return (
    <Loadable
      status={wallet.loadState.status}
      testId="wallet"
      loadingLabel={t('wallet_loading')}
      errorMessage={t('wallet_error')}
      retryLabel={t('retry')}
      onRetry={() => void wallet.load()}
    >
      <WithdrawContent host={host} wallet={wallet} form={form} status={status} />
    </Loadable>
  );
});

const WithdrawContent = observer(function WithdrawContent({ host, wallet, form, status }: WithdrawBodyProps) {
  const t = useT(host);
  const locale = intlLocale(host);
  const message = (e: WithdrawError | null) =>
    e ? (e.key === 'withdraw_error_too_small' ? t(e.key, { amount: formatUsdt(e.amount ?? '', locale) }) : t(e.key)) : undefined;
  const error = form.error;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    form.requestReview();
  };
  const min = form.terms?.withdrawalMin;
  const done = form.success;
  const review = form.review;
  return (
    <>
      <BalancesCard host={host} store={wallet} />
      {status.emailConfirmed ? (
        <Card title={t('withdraw_form_title')}>
          <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="withdraw-form">
            <p className={styles.muted}>{t('withdraw_form_note', { network: WITHDRAWAL_NETWORK })}</p>
            <TextField
              label={t('withdraw_amount', { currency: 'USDT' })}
              inputMode="decimal"
              autoComplete="off"
              value={toLocaleDecimal(form.amount, locale)}
              onChange={(e) => form.setAmount(e.target.value)}
              hint={min ? t('withdraw_amount_hint', { min: formatUsdt(min, locale), available: formatUsdt(wallet.usdt.amount, locale) }) : undefined}
              error={error?.field === 'amount' ? message(error) : undefined}
              endAdornment={<span className={styles.muted}>USDT</span>}
              data-testid="withdraw-amount"
            />
            <div className={styles.actions}>
              <Button size="sm" variant="secondary" onClick={() => form.withdrawAll()} disabled={form.submitting} data-testid="withdraw-all">
                {t('withdraw_all')}
              </Button>
            </div>
            <TextField
              label={t('withdraw_address', { network: WITHDRAWAL_NETWORK })}
              autoComplete="off"
              spellCheck={false}
              value={form.address}
              onChange={(e) => form.setAddress(e.target.value)}
              error={error?.field === 'address' ? message(error) : undefined}
              data-testid="withdraw-address"
            />
            {error && !error.field ? (
              <p className={styles.text} role="alert" data-testid="withdraw-error">
                {message(error)}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button type="submit" loading={form.submitting} data-testid="withdraw-submit">
                {t('withdraw_submit')}
              </Button>
            </div>
          </form>
        </Card>
      ) : (
        <EmailNotice host={host} status={status} reason="email_unconfirmed_withdraw" />
      )}
      <WithdrawalsTable host={host} store={wallet} />
      <Dialog
        open={review != null}
        onClose={() => form.cancelReview()}
        title={t('withdraw_confirm_title')}
        closeLabel={t('close')}
        data-testid="withdraw-confirm"
        footer={
          <>
            <Button variant="secondary" onClick={() => form.cancelReview()} data-testid="withdraw-confirm-back">
              {t('withdraw_confirm_back')}
            </Button>
            <Button onClick={() => void form.confirm()} data-testid="withdraw-confirm-send">
              {t('withdraw_confirm_send')}
            </Button>
          </>
        }
      >
        {review ? (
          <dl className={styles.facts}>
            <dt>{t('withdraw_confirm_amount')}</dt>
            <dd data-testid="withdraw-confirm-amount">{formatUsdt(review.amount, locale)} USDT</dd>
            <dt>{t('withdraw_confirm_fee')}</dt>
            <dd data-testid="withdraw-confirm-fee">{formatUsdt(review.fee, locale)} USDT</dd>
            <dt>{t('withdraw_confirm_receives')}</dt>
            <dd data-testid="withdraw-confirm-receives">{formatUsdt(review.receives, locale)} USDT</dd>
            <dt>{t('withdraw_confirm_address', { network: WITHDRAWAL_NETWORK })}</dt>
            <dd className={styles.mono} data-testid="withdraw-confirm-address">
              {review.address}
            </dd>
          </dl>
        ) : null}
      </Dialog>
      <Dialog
        open={done != null}
        onClose={() => form.closeSuccess()}
        title={t('withdraw_success_title')}
        closeLabel={t('close')}
        data-testid="withdraw-success"
        footer={
          <Button onClick={() => form.closeSuccess()} data-testid="withdraw-success-close">
            {t('withdraw_success_ok')}
          </Button>
        }
      >
        {done ? (
          <p className={styles.text}>
            {t('withdraw_success_text', { amount: formatUsdt(done.amount, locale), currency: done.currencyTitle, address: done.address })}
          </p>
        ) : null}
      </Dialog>
    </>
  );
});
