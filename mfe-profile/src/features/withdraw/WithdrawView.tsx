// The view of ProfileWithdrawPage inside its frame (the page owns the stores and their lifecycle).
import type { FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { Button, Card, Dialog, TextField } from 'remote-kit/ui';
import { Loadable } from 'remote-kit/load';
import { toLocaleDecimal } from 'remote-kit/format';
import { formatUsdt, intlLocale } from '../../lib/locale';
import { useT } from '../../i18n/useT';
import { BalancesCard, WithdrawalsTable } from '../../wallet/parts';
import type { WalletStore } from '../../wallet/WalletStore';
import type { AccountStatusStore } from '../../account/AccountStatusStore';
import { EmailNotice } from '../../account/EmailNotice';
import { WITHDRAWAL_NETWORK, type WithdrawError, type WithdrawStore } from './WithdrawStore';
import styles from '../../layout/profile.module.css';

type WithdrawBodyProps = { host: HostServices; wallet: WalletStore; form: WithdrawStore; status: AccountStatusStore };

export const WithdrawView = observer(function WithdrawView({ host, wallet, form, status }: WithdrawBodyProps) {
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
