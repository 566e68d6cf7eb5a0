import type { HostServices } from 'shared-contracts';
import { StepUpStore } from '../stepUp/StepUpStore';
import { AccountStatusStore } from './AccountStatusStore';

/** The account's status from the host's session, and the step-up that asks for a code when two-factor is on. */
export function createAccountStores(host: HostServices): { status: AccountStatusStore; stepUp: StepUpStore } {
  const status = new AccountStatusStore({
    account: () => host.session.account,
    api: host.api,
    confirmEmail: (email) => host.session.confirmEmail(email),
    confirmedHere: (email) => host.session.confirmedEmails.has(email),
  });
  const stepUp = new StepUpStore({ api: host.api, twoFactorEnabled: () => status.twoFactorEnabled });
  return { status, stepUp };
}
