// Withdrawals (§2 /profile/withdraw): the USDT balance, the TRC20 withdrawal form (§5, §8) with the success modal of
// §2, and the withdrawal history, reloaded after a withdrawal (§7) and refreshed while one is on its way.
// Issue 24: an unconfirmed email says why instead of the form (with the way to confirm it); step-up when asked.
// Issue 25: "Withdraw all", the amount in the locale's decimal separator, and a confirmation step before sending.
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices, RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { WalletStore } from '../wallet/WalletStore';
import { createAccountStores } from '../account/accountStores';
import { StepUpDialog } from '../stepUp/StepUpDialog';
import { WithdrawStore } from '../features/withdraw/WithdrawStore';
import { WithdrawView } from '../features/withdraw/WithdrawView';

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
      <WithdrawView host={host} wallet={wallet} form={form} status={status} />
      <StepUpDialog host={host} store={stepUp} />
    </ProfileFrame>
  );
});
