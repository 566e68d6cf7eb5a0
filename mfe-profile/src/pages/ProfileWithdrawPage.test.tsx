import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, type WithdrawalRecord } from 'shared-contracts';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { balance, program, signedIn, withdrawal } from '../test/fixtures';
import { accountHost } from '../test/security';
import { WITHDRAWAL_ADDRESS } from '../features/withdraw/fakes';

afterEach(cleanup);

/** The form's Withdraw, then the confirmation step's Confirm: what sends a withdrawal (issue 25). */
async function submitAndConfirm() {
  await act(async () => void fireEvent.click(screen.getByTestId('withdraw-submit')));
  await act(async () => void fireEvent.click(within(screen.getByTestId('withdraw-confirm')).getByTestId('withdraw-confirm-send')));
}

describe('ProfileWithdraw page', () => {
  function api(o: Record<string, jest.Mock> = {}) {
    return {
      affiliateBalances: jest.fn(async () => [balance('25.5')]),
      affiliateWithdrawals: jest.fn(async (): Promise<WithdrawalRecord[]> => []),
      affiliateProgram: jest.fn(async () => program()),
      affiliateWithdraw: jest.fn(async () => withdrawal('w1', 'PENDING', '20')),
      ...o,
    };
  }

  it('the form: minimum and balance hint, a wrong address shows error_address_incorrect and sends nothing', async () => {
    const a = api();
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    expect(screen.getByText('Minimum 10 USDT. Available: 25.5 USDT.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount, USDT'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Your USDT address (TRC20)'), { target: { value: 'T123' } });
    await act(async () => void fireEvent.click(screen.getByTestId('withdraw-submit')));
    const address = screen.getByLabelText('Your USDT address (TRC20)');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A USDT (TRC20) address has 34 characters and starts with T. Please check the address.')).toBeTruthy();
    expect(a.affiliateWithdraw).not.toHaveBeenCalled();
  });

  it('issue 25: "Withdraw all" fills in the balance, shown as "25,5" in Russian; the confirmation shows amount, fee, what arrives and the address', async () => {
    const a = api();
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ lng: 'ru', api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    fireEvent.click(screen.getByRole('button', { name: 'Вывести всё' }));
    expect((screen.getByLabelText('Сумма, USDT') as HTMLInputElement).value).toBe('25,5');
    fireEvent.change(screen.getByLabelText('Ваш адрес USDT (TRC20)'), { target: { value: WITHDRAWAL_ADDRESS } });
    await act(async () => void fireEvent.click(screen.getByTestId('withdraw-submit')));
    const dialog = screen.getByRole('dialog', { name: 'Проверьте вывод' });
    expect(within(dialog).getByTestId('withdraw-confirm-amount').textContent).toBe('25,5 USDT');
    expect(within(dialog).getByTestId('withdraw-confirm-fee').textContent).toBe('0 USDT');
    expect(within(dialog).getByTestId('withdraw-confirm-receives').textContent).toBe('25,5 USDT');
    expect(within(dialog).getByTestId('withdraw-confirm-address').textContent).toBe(WITHDRAWAL_ADDRESS);
    expect(a.affiliateWithdraw).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(within(dialog).getByTestId('withdraw-confirm-send')));
    expect(a.affiliateWithdraw).toHaveBeenCalledTimes(1);
    expect(a.affiliateWithdraw).toHaveBeenCalledWith(
      expect.objectContaining({ body: expect.objectContaining({ amount: '25.5', address: WITHDRAWAL_ADDRESS }) }),
    );
  });

  it('issue 25: typing "0,1" in Russian keeps "0,1" on screen and the amount is checked against the minimum before sending', async () => {
    const a = api();
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ lng: 'ru', api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    fireEvent.change(screen.getByLabelText('Сумма, USDT'), { target: { value: '0,1' } });
    expect((screen.getByLabelText('Сумма, USDT') as HTMLInputElement).value).toBe('0,1');
    fireEvent.change(screen.getByLabelText('Ваш адрес USDT (TRC20)'), { target: { value: WITHDRAWAL_ADDRESS } });
    await act(async () => void fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(screen.getByText('Слишком маленькая сумма вывода: минимум 10 USDT.')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    expect(a.affiliateWithdraw).not.toHaveBeenCalled();
  });

  it('below the minimum: the message with the minimum (§8; the browser checks it first now), in Russian too', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = api({ affiliateWithdraw: jest.fn(async () => Promise.reject(ApiError.of('ERR_WITHDRAWAL_TOO_SMALL', 'Minimum withdrawal is 10 USDT'))) });
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ lng: 'ru', api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    fireEvent.change(screen.getByLabelText('Сумма, USDT'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Ваш адрес USDT (TRC20)'), { target: { value: WITHDRAWAL_ADDRESS } });
    await act(async () => void fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(screen.getByText('Слишком маленькая сумма вывода: минимум 10 USDT.')).toBeTruthy();
    warn.mockRestore();
  });

  it('a form-level error (no USDT balance) is announced', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = api({ affiliateWithdraw: jest.fn(async () => Promise.reject(ApiError.of('ERR_BALANCE_NOT_FOUND', 'no balance'))) });
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    fireEvent.change(screen.getByLabelText('Amount, USDT'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Your USDT address (TRC20)'), { target: { value: WITHDRAWAL_ADDRESS } });
    await submitAndConfirm();
    expect(screen.getByRole('alert').textContent).toBe('You have no USDT balance yet. Earn commission or cashback first.');
    warn.mockRestore();
  });

  it('success: the modal of §2, then balances and withdrawal history reloaded (§7)', async () => {
    const a = api();
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    a.affiliateBalances.mockImplementation(async () => [balance('5.5', '20')]);
    a.affiliateWithdrawals.mockImplementation(async () => [withdrawal('w1', 'PENDING', '20')]);
    fireEvent.change(screen.getByLabelText('Amount, USDT'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Your USDT address (TRC20)'), { target: { value: WITHDRAWAL_ADDRESS } });
    await submitAndConfirm();
    const dialog = screen.getByRole('dialog', { name: 'Withdrawal requested' });
    expect(dialog.textContent).toContain(`20 USDT will be sent to ${WITHDRAWAL_ADDRESS}`);
    expect(a.affiliateBalances).toHaveBeenCalledTimes(2);
    expect(a.affiliateWithdrawals).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('wallet-available').textContent).toBe('5.5 USDT');
    expect(within(screen.getByTestId('withdrawal-row')).getByTestId('withdrawal-status').textContent).toBe('Requested');
    fireEvent.click(screen.getByTestId('withdraw-success-close'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('issue 24: an unconfirmed email says why instead of the form, and confirming it brings the form back', async () => {
    let confirmed = false;
    const a = api({
      accountData: jest.fn(async () => ({
        email: 'a@b.co',
        userId: 1,
        permissions: 'USER',
        adminPermissionsScope: {},
        emailConfirmed: confirmed,
        twoFactorEnabled: false,
      })),
    });
    const confirmEmail = jest.fn(async (email: string) => {
      confirmed = true;
      return email;
    });
    await act(
      async () => void renderPage(pages.ProfileWithdraw, accountHost({ api: a, path: '/profile/withdraw', account: { emailConfirmed: false }, confirmEmail })),
    );
    const notice = await screen.findByTestId('email-unconfirmed');
    expect(notice.textContent).toContain('Withdrawals are possible only for an account with a confirmed email. Confirm a@b.co');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    await act(async () => void fireEvent.click(within(notice).getByTestId('email-confirm')));
    expect(confirmEmail).toHaveBeenCalledWith('a@b.co');
    expect(screen.getByTestId('withdraw-form')).toBeTruthy();
    expect(screen.queryByTestId('email-unconfirmed')).toBeNull();
  });

  it('issue 24: after the step-up window the password is asked for, then the same withdrawal (same key) is sent again', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const affiliateWithdraw = jest
      .fn()
      .mockRejectedValueOnce(ApiError.of('ERR_STEP_UP_REQUIRED', 'again', { details: { twoFactorRequired: false } }))
      .mockResolvedValue(withdrawal('w1', 'PENDING', '20'));
    const stepUp = jest.fn(async () => ({ stepUpUntil: new Date().toISOString() }));
    const a = api({ affiliateWithdraw, stepUp });
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    fireEvent.change(screen.getByLabelText('Amount, USDT'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Your USDT address (TRC20)'), { target: { value: WITHDRAWAL_ADDRESS } });
    await submitAndConfirm();
    const dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog.textContent).toContain('Enter your password again');
    expect(within(dialog).queryByTestId('step-up-code')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Amber-Meadow-4826' } });
    await act(async () => void fireEvent.click(within(dialog).getByTestId('step-up-submit')));
    expect(stepUp).toHaveBeenCalledWith({ body: { password: 'Amber-Meadow-4826' } });
    expect(affiliateWithdraw).toHaveBeenCalledTimes(2);
    const keys = affiliateWithdraw.mock.calls.map((c) => (c as [{ headers: Record<string, string> }])[0].headers['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
    expect(screen.getByRole('dialog', { name: 'Withdrawal requested' })).toBeTruthy();
    warn.mockRestore();
  });

  it('issue 24: closing the step-up dialog leaves the form as it was, with no error', async () => {
    const affiliateWithdraw = jest.fn().mockRejectedValue(ApiError.of('ERR_STEP_UP_REQUIRED', 'again', { details: { twoFactorRequired: true } }));
    const a = api({ affiliateWithdraw });
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ lng: 'ru', api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    fireEvent.change(screen.getByLabelText('Сумма, USDT'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Ваш адрес USDT (TRC20)'), { target: { value: WITHDRAWAL_ADDRESS } });
    await submitAndConfirm();
    const dialog = screen.getByRole('dialog', { name: 'Подтвердите, что это вы' });
    expect(within(dialog).getByLabelText('Код аутентификатора')).toBeTruthy();
    await act(async () => void fireEvent.click(within(dialog).getByTestId('step-up-cancel')));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Сумма, USDT') as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('Ваш адрес USDT (TRC20)') as HTMLInputElement).value).toBe(WITHDRAWAL_ADDRESS);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(affiliateWithdraw).toHaveBeenCalledTimes(1);
  });
});
