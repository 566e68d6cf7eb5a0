import { cleanup, fireEvent, screen } from '@testing-library/react';
import { namespace, pages, resources } from './index';
import { createTestHost, renderPage } from '../test/testHost';

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
};

describe('mfe-profile ./pages', () => {
  it('exports the pages, namespace and resources of ARCHITECTURE.md', () => {
    expect(Object.keys(pages).sort()).toEqual(Object.keys(titles).sort());
    expect(namespace).toBe('mfe-profile');
    expect(Object.keys(resources.ru).sort()).toEqual(Object.keys(resources.en).sort());
  });

  it.each(Object.entries(titles).flatMap(([name, [en, ru]]) => [['en', name, en], ['ru', name, ru]]))('%s %s renders its page-title', (lng, name, title) => {
    renderPage(pages[name], createTestHost({ lng: lng as 'en' | 'ru' }));
    expect(screen.getByTestId('page-title').textContent).toBe(title);
  });

  it('asks a guest to sign in through the host session', () => {
    const host = createTestHost();
    const open = jest.spyOn(host.session, 'openLoginDialog').mockImplementation(() => undefined);
    renderPage(pages.ProfileWallet, host);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(open).toHaveBeenCalled();
  });

  it('shows who is signed in', () => {
    const host = createTestHost();
    const signedIn = { ...host, session: { ...host.session, isAuthorised: true, account: { email: 'a@b.co' } as never } };
    renderPage(pages.ProfileInfo, signedIn);
    expect(screen.getByText('Signed in as a@b.co')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
