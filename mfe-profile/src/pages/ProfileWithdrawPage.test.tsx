import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, type WithdrawalRecord } from 'shared-contracts';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { balance, program, signedIn, withdrawal } from '../test/fixtures';
import { accountHost } from '../test/security';
import { firstNumber, isWithdrawalAddress, withdrawErrorOf, WithdrawStore } from '../features/withdraw/WithdrawStore';

afterEach(cleanup);

const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const TEST_ADDRESS = `T${'1'.repeat(33)}`;

function deps(affiliateWithdraw: jest.Mock, authorised = true) {
  let n = 0;
  return {
    api: { affiliateWithdraw, affiliateProgram: jest.fn(async () => program()) },
    isAuthorised: () => authorised,
    newIdempotencyKey: () => `key-${++n}`,
    reloadWallet: jest.fn(),
    stepUp: { run: <T,>(call: () => Promise<T>) => call() },
    emailNotConfirmed: jest.fn(),
  };
}

describe('withdrawal rules', () => {
  it('§5 address: 34 characters starting with T (the all-ones test address included)', () => {
    expect(isWithdrawalAddress(ADDRESS)).toBe(true);
    expect(isWithdrawalAddress(TEST_ADDRESS)).toBe(true);
    expect(isWithdrawalAddress(ADDRESS.slice(1))).toBe(false);
    expect(isWithdrawalAddress(`X${ADDRESS.slice(1)}`)).toBe(false);
    expect(isWithdrawalAddress(`${ADDRESS}1`)).toBe(false);
  });

  it('§8: ERR_WITHDRAWAL_TOO_SMALL reads the first number of the message; without one, main_error', () => {
    expect(firstNumber('Minimum withdrawal is 10 USDT (you asked 2)')).toBe('10');
    expect(firstNumber('minimum 2,5')).toBe('2.5');
    expect(withdrawErrorOf(ApiError.of('ERR_WITHDRAWAL_TOO_SMALL', 'Minimum withdrawal is 10.5 USDT'))).toEqual({
      key: 'withdraw_error_too_small',
      field: 'amount',
      amount: '10.5',
    });
    expect(withdrawErrorOf(ApiError.of('ERR_WITHDRAWAL_TOO_SMALL', 'too small'))).toEqual({ key: 'main_error' });
    expect(withdrawErrorOf(ApiError.of('ERR_BALANCE_TOO_LOW', 'x')).key).toBe('withdraw_error_balance_too_low');
    expect(withdrawErrorOf(ApiError.of('ERR_BALANCE_NOT_FOUND', 'x')).key).toBe('withdraw_error_balance_not_found');
    expect(withdrawErrorOf(ApiError.of('ERR_NETWORK_NOT_SUPPORTED', 'x')).key).toBe('withdraw_error_network');
    expect(withdrawErrorOf(ApiError.of('ERR_VALIDATION', 'bad', { fields: { address: 'checksum' } }))).toEqual({
      key: 'error_address_incorrect',
      field: 'address',
    });
    expect(withdrawErrorOf(ApiError.of('ERR_VALIDATION', 'Idempotency-Key header required')).key).toBe('main_error');
    expect(withdrawErrorOf(new Error('boom')).key).toBe('main_error');
  });
});

describe('WithdrawStore', () => {
  it('§5: nothing is sent for a guest, for no amount, or for a wrong address (error_address_incorrect)', async () => {
    const send = jest.fn();
    const guest = new WithdrawStore(deps(send, false));
    guest.setAmount('20');
    guest.setAddress(ADDRESS);
    await guest.submit();
    const store = new WithdrawStore(deps(send));
    await store.submit();
    expect(store.error).toEqual({ key: 'withdraw_error_amount', field: 'amount' });
    store.setAmount('1 2,5');
    expect(store.amount).toBe('12.5');
    store.setAddress('0xabc');
    await store.submit();
    expect(store.error).toEqual({ key: 'error_address_incorrect', field: 'address' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends USDT on TRC20 with an Idempotency-Key; success opens the modal, clears the form and reloads the wallet', async () => {
    const record = withdrawal('w1', 'PENDING', '20.123456');
    const send = jest.fn(async () => record);
    const d = deps(send);
    const store = new WithdrawStore(d);
    store.setAmount('20.1234567');
    store.setAddress(`  ${ADDRESS} `);
    await store.submit();
    expect(send).toHaveBeenCalledWith({
      body: { currencyTitle: 'USDT', networkTitle: 'TRC20', address: ADDRESS, amount: '20.123456' },
      headers: { 'Idempotency-Key': 'key-1' },
    });
    expect(store.success).toBe(record);
    expect(store.amount).toBe('');
    expect(d.reloadWallet).toHaveBeenCalledTimes(1);
    store.closeSuccess();
    expect(store.success).toBeNull();
  });

  it('a retry of the same submission after an unknown fate reuses its key; a refused or changed one gets a new key', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers: (() => Promise<unknown>)[] = [
      async () => Promise.reject(new ApiError({ statusCode: 0, code: 'ERR_SERVICE_UNAVAILABLE', message: 'network' })),
      async () => Promise.reject(ApiError.of('ERR_BALANCE_TOO_LOW', 'Balance too low')),
      async () => Promise.reject(ApiError.of('ERR_BALANCE_TOO_LOW', 'Balance too low')),
      async () => withdrawal('w', 'PENDING'),
    ];
    const send = jest.fn(() => (answers.shift() as () => Promise<unknown>)());
    const d = deps(send);
    const store = new WithdrawStore(d);
    store.setAmount('50');
    store.setAddress(ADDRESS);
    await store.submit();
    expect(store.error).toEqual({ key: 'main_error' });
    expect(d.reloadWallet).toHaveBeenCalledTimes(1);
    await store.submit();
    expect(store.error).toEqual({ key: 'withdraw_error_balance_too_low', field: 'amount' });
    await store.submit();
    store.setAmount('5');
    await store.submit();
    const keys = send.mock.calls.map((c) => (c as unknown as [{ headers: Record<string, string> }])[0].headers['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-1', 'key-2', 'key-3']);
    warn.mockRestore();
  });

  it('a retry whose key answers with a FAILED withdrawal shows the failure, not the success modal; the next try is a new withdrawal', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers: (() => Promise<unknown>)[] = [
      async () => Promise.reject(new ApiError({ statusCode: 504, code: 'ERR_SERVICE_UNAVAILABLE', message: 'timeout' })),
      // the replay of key-1: meanwhile the payout was refused and the amount returned
      async () => withdrawal('w', 'FAILED', '50'),
      async () => withdrawal('w2', 'PENDING', '50'),
    ];
    const send = jest.fn(() => (answers.shift() as () => Promise<unknown>)());
    const d = deps(send);
    const store = new WithdrawStore(d);
    store.setAmount('50');
    store.setAddress(ADDRESS);
    await store.submit();
    await store.submit();
    expect(store.success).toBeNull();
    expect(store.error).toEqual({ key: 'withdraw_error_failed' });
    expect(store.amount).toBe('50'); // kept, to submit again
    expect(d.reloadWallet).toHaveBeenCalledTimes(2); // the balance has the amount back
    await store.submit();
    expect(store.success).toMatchObject({ id: 'w2' });
    const keys = send.mock.calls.map((c) => (c as unknown as [{ headers: Record<string, string> }])[0].headers['Idempotency-Key']);
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
    warn.mockRestore();
  });

  it('issue 25: the minimum and the balance are checked before sending; a checked form is reviewed, then sent once', async () => {
    const send = jest.fn(async () => withdrawal('w1', 'PENDING', '25.5'));
    const store = new WithdrawStore({ ...deps(send), available: () => '25.5' });
    await store.loadTerms();
    store.setAddress(ADDRESS);
    store.setAmount('9.99');
    store.requestReview();
    expect(store.error).toEqual({ key: 'withdraw_error_too_small', field: 'amount', amount: '10' });
    store.setAmount('25.6');
    store.requestReview();
    expect(store.error).toEqual({ key: 'withdraw_error_balance_too_low', field: 'amount' });
    expect(store.review).toBeNull();
    store.withdrawAll();
    expect(store.amount).toBe('25.5');
    store.requestReview();
    expect(store.review).toEqual({ amount: '25.5', fee: '0', receives: '25.5', address: ADDRESS });
    expect(send).not.toHaveBeenCalled();
    store.cancelReview();
    expect(store.review).toBeNull();
    expect(store.amount).toBe('25.5');
    store.requestReview();
    await store.confirm();
    await store.confirm();
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.review).toBeNull();
    expect(store.success).toMatchObject({ id: 'w1' });
  });
});

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
    fireEvent.change(screen.getByLabelText('Ваш адрес USDT (TRC20)'), { target: { value: ADDRESS } });
    await act(async () => void fireEvent.click(screen.getByTestId('withdraw-submit')));
    const dialog = screen.getByRole('dialog', { name: 'Проверьте вывод' });
    expect(within(dialog).getByTestId('withdraw-confirm-amount').textContent).toBe('25,5 USDT');
    expect(within(dialog).getByTestId('withdraw-confirm-fee').textContent).toBe('0 USDT');
    expect(within(dialog).getByTestId('withdraw-confirm-receives').textContent).toBe('25,5 USDT');
    expect(within(dialog).getByTestId('withdraw-confirm-address').textContent).toBe(ADDRESS);
    expect(a.affiliateWithdraw).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(within(dialog).getByTestId('withdraw-confirm-send')));
    expect(a.affiliateWithdraw).toHaveBeenCalledTimes(1);
    expect(a.affiliateWithdraw).toHaveBeenCalledWith(expect.objectContaining({ body: expect.objectContaining({ amount: '25.5', address: ADDRESS }) }));
  });

  it('issue 25: typing "0,1" in Russian keeps "0,1" on screen and the amount is checked against the minimum before sending', async () => {
    const a = api();
    await act(async () => void renderPage(pages.ProfileWithdraw, signedIn({ lng: 'ru', api: a, path: '/profile/withdraw' })));
    await screen.findByTestId('withdraw-form');
    fireEvent.change(screen.getByLabelText('Сумма, USDT'), { target: { value: '0,1' } });
    expect((screen.getByLabelText('Сумма, USDT') as HTMLInputElement).value).toBe('0,1');
    fireEvent.change(screen.getByLabelText('Ваш адрес USDT (TRC20)'), { target: { value: ADDRESS } });
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
    fireEvent.change(screen.getByLabelText('Ваш адрес USDT (TRC20)'), { target: { value: ADDRESS } });
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
    fireEvent.change(screen.getByLabelText('Your USDT address (TRC20)'), { target: { value: ADDRESS } });
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
    fireEvent.change(screen.getByLabelText('Your USDT address (TRC20)'), { target: { value: ADDRESS } });
    await submitAndConfirm();
    const dialog = screen.getByRole('dialog', { name: 'Withdrawal requested' });
    expect(dialog.textContent).toContain(`20 USDT will be sent to ${ADDRESS}`);
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
    fireEvent.change(screen.getByLabelText('Your USDT address (TRC20)'), { target: { value: ADDRESS } });
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
    fireEvent.change(screen.getByLabelText('Ваш адрес USDT (TRC20)'), { target: { value: ADDRESS } });
    await submitAndConfirm();
    const dialog = screen.getByRole('dialog', { name: 'Подтвердите, что это вы' });
    expect(within(dialog).getByLabelText('Код аутентификатора')).toBeTruthy();
    await act(async () => void fireEvent.click(within(dialog).getByTestId('step-up-cancel')));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Сумма, USDT') as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('Ваш адрес USDT (TRC20)') as HTMLInputElement).value).toBe(ADDRESS);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(affiliateWithdraw).toHaveBeenCalledTimes(1);
  });
});
