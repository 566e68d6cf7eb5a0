import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { loadResources, namespace, pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { itExportsPagesWithTitles } from 'remote-kit/testing';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  ProfileInfo: ['Profile', 'Профиль'],
  ProfileHistory: ['Order history', 'История заказов'],
  ProfileWallet: ['Wallet', 'Кошелёк'],
  ProfileWithdraw: ['Withdrawals', 'Вывод средств'],
  ProfileAffiliate: ['Affiliate program', 'Партнёрская программа'],
  ProfileCashback: ['Cashback', 'Кэшбэк'],
  ProfileKeys: ['API keys', 'API-ключи'],
  ProfileVerification: ['Identity verification', 'Верификация личности'],
  ProfileAdminVerifications: ['Verification review', 'Проверка верификаций'],
};

describe('mfe-profile ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, loadResources }, 'mfe-profile', titles, (lng) => createTestHost({ lng }));

  it('asks a guest to sign in through the host session', () => {
    const host = createTestHost();
    const open = jest.spyOn(host.session, 'openLoginDialog').mockImplementation(() => undefined);
    renderPage(pages.ProfileWallet, host);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(open).toHaveBeenCalled();
  });

  it('profile information: email, user id, sign out and change password through the host session', () => {
    const host = createTestHost();
    const logout = jest.fn(async () => undefined);
    const openRestorePasswordDialog = jest.fn();
    const signedIn = {
      ...host,
      session: {
        ...host.session,
        isAuthorised: true,
        account: { email: 'a@b.co', userId: 42, permissions: 'USER', adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false },
        logout,
        openRestorePasswordDialog,
      },
    };
    renderPage(pages.ProfileInfo, signedIn);
    expect(screen.getByTestId('profile-email').textContent).toBe('a@b.co');
    expect(screen.getByTestId('profile-user-id').textContent).toBe('42');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    fireEvent.click(screen.getByTestId('profile-sign-out'));
    expect(logout).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('profile-change-password'));
    expect(openRestorePasswordDialog).toHaveBeenCalledWith('a@b.co');
  });

  it('every profile page carries a navigation tab for each of the eight §2 profile routes', async () => {
    const host = createTestHost({
      route: { path: '/profile/verification' },
      api: { kycStatus: jest.fn(async () => ({ status: 'NOT_STARTED', rejectReason: null })) },
    });
    const navigate = jest.spyOn(host, 'navigate').mockImplementation(() => undefined);
    const signedIn = {
      ...host,
      session: {
        ...host.session,
        isAuthorised: true,
        account: { email: 'a@b.co', userId: 1, permissions: 'USER', adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false },
      },
    };
    await act(async () => void renderPage(pages.ProfileVerification, signedIn));
    const tabs = within(screen.getByRole('tablist', { name: 'Personal account' })).getAllByRole('tab');
    expect(tabs.map((a) => a.getAttribute('href'))).toEqual([
      '/profile/info',
      '/profile/history',
      '/profile/wallet',
      '/profile/withdraw',
      '/profile/affiliate-program',
      '/profile/cashback',
      '/profile/keys',
      '/profile/verification',
    ]);
    // the page's own tab is the selected one, the only one in the Tab order, and names the panel below
    const own = screen.getByRole('tab', { name: 'Identity verification' });
    expect(own.getAttribute('aria-selected')).toBe('true');
    expect(tabs.filter((a) => a.tabIndex === 0)).toEqual([own]);
    expect(within(screen.getByRole('tabpanel', { name: 'Identity verification' })).getByTestId('verification-status').dataset.status).toBe('NOT_STARTED');
    // arrows move between the tabs; a click follows the link through the host
    act(() => own.focus());
    fireEvent.keyDown(own, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByTestId('tab-keys'));
    fireEvent.click(screen.getByTestId('tab-history'));
    expect(navigate).toHaveBeenCalledWith('/profile/history');
  });

  it('in Russian the tab links carry the locale prefix', () => {
    renderPage(pages.ProfileWallet, createTestHost({ lng: 'ru', route: { path: '/profile/wallet' } }));
    expect(screen.getByRole('tab', { name: 'Кошелёк' }).getAttribute('href')).toBe('/ru/profile/wallet');
  });
});
