import type { AccountData } from 'shared-contracts';
import { AccountStatusStore } from './AccountStatusStore';

const account = (o: Partial<AccountData> = {}): AccountData => ({
  email: 'a@b.co',
  userId: 1,
  permissions: 'USER',
  adminPermissionsScope: {},
  emailConfirmed: false,
  twoFactorEnabled: false,
  ...o,
});

function setup(o: { confirmedHere?: boolean; confirmEmail?: jest.Mock; afterwards?: Partial<AccountData> } = {}) {
  const confirmEmail = o.confirmEmail ?? jest.fn(async (email?: string) => email ?? 'a@b.co');
  const api = { accountData: jest.fn(async () => account({ emailConfirmed: true, ...o.afterwards })) };
  const store = new AccountStatusStore({ account: () => account(), api, confirmEmail, confirmedHere: () => o.confirmedHere ?? false });
  return { store, api, confirmEmail };
}

describe('AccountStatusStore', () => {
  it('starts from the shell’s account data; a confirmation read back from the api shows at once', async () => {
    const { store, api, confirmEmail } = setup();
    expect(store.emailConfirmed).toBe(false);
    expect(store.twoFactorEnabled).toBe(false);
    expect(await store.confirmEmail()).toBe(true);
    expect(confirmEmail).toHaveBeenCalledWith('a@b.co');
    expect(api.accountData).toHaveBeenCalledTimes(1);
    expect(store.emailConfirmed).toBe(true);
    store.setTwoFactorEnabled(true);
    expect(store.twoFactorEnabled).toBe(true);
  });

  it('a dismissed dialog changes nothing and reads nothing', async () => {
    const { store, api } = setup({ confirmEmail: jest.fn(async () => null) });
    expect(await store.confirmEmail()).toBe(false);
    expect(api.accountData).not.toHaveBeenCalled();
    expect(store.confirming).toBe(false);
  });

  it('an email confirmed before in this browser opens the dialog on its email step (it would answer at once otherwise)', async () => {
    const { store, confirmEmail } = setup({ confirmedHere: true });
    await store.confirmEmail();
    expect(confirmEmail).toHaveBeenCalledWith(undefined);
  });

  it('a page opened after a confirmation made on another tab reads the account again before saying it is unconfirmed', async () => {
    const { store, api } = setup();
    expect(store.emailConfirmed).toBe(false);
    await store.refreshIfUnconfirmed();
    expect(api.accountData).toHaveBeenCalledTimes(1);
    expect(store.emailConfirmed).toBe(true);
    await store.refreshIfUnconfirmed();
    expect(api.accountData).toHaveBeenCalledTimes(1);
  });
});
