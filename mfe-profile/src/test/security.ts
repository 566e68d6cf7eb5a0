// A signed-in test host whose account's email / two-factor state the identity tests choose (issue 24), with the shell's
// email-confirmation dialog as a spy.
import type { AccountData, LocaleCode } from 'shared-contracts';
import { createTestHost } from './testHost';

export function accountHost(
  o: { lng?: LocaleCode; api?: Record<string, unknown>; path?: string; account?: Partial<AccountData>; confirmEmail?: jest.Mock } = {},
) {
  return createTestHost({
    lng: o.lng,
    api: o.api,
    route: { path: o.path ?? '/profile', query: new URLSearchParams() },
    session: {
      isAuthorised: true,
      account: { email: 'a@b.co', userId: 1, permissions: 'USER', adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false, ...o.account },
      confirmEmail: o.confirmEmail ?? jest.fn(async () => null),
    },
  });
}
