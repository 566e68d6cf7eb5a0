import { ApiError } from 'shared-contracts';
import { program, withdrawal } from '../../test/fixtures';
import { firstNumber, isWithdrawalAddress, withdrawErrorOf, WithdrawStore } from './WithdrawStore';
import { WITHDRAWAL_ADDRESS } from './fakes';

const TEST_ADDRESS = `T${'1'.repeat(33)}`;

function deps(affiliateWithdraw: jest.Mock, authorised = true) {
  let n = 0;
  return {
    api: { affiliateWithdraw, affiliateProgram: jest.fn(async () => program()) },
    isAuthorised: () => authorised,
    newIdempotencyKey: () => `key-${++n}`,
    reloadWallet: jest.fn(),
    stepUp: { run: <T>(call: () => Promise<T>) => call() },
    emailNotConfirmed: jest.fn(),
  };
}

describe('withdrawal rules', () => {
  it('§5 address: 34 characters starting with T (the all-ones test address included)', () => {
    expect(isWithdrawalAddress(WITHDRAWAL_ADDRESS)).toBe(true);
    expect(isWithdrawalAddress(TEST_ADDRESS)).toBe(true);
    expect(isWithdrawalAddress(WITHDRAWAL_ADDRESS.slice(1))).toBe(false);
    expect(isWithdrawalAddress(`X${WITHDRAWAL_ADDRESS.slice(1)}`)).toBe(false);
    expect(isWithdrawalAddress(`${WITHDRAWAL_ADDRESS}1`)).toBe(false);
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
    guest.setAddress(WITHDRAWAL_ADDRESS);
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
    store.setAddress(`  ${WITHDRAWAL_ADDRESS} `);
    await store.submit();
    expect(send).toHaveBeenCalledWith({
      body: { currencyTitle: 'USDT', networkTitle: 'TRC20', address: WITHDRAWAL_ADDRESS, amount: '20.123456' },
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
    store.setAddress(WITHDRAWAL_ADDRESS);
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
    store.setAddress(WITHDRAWAL_ADDRESS);
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
    store.setAddress(WITHDRAWAL_ADDRESS);
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
    expect(store.review).toEqual({ amount: '25.5', fee: '0', receives: '25.5', address: WITHDRAWAL_ADDRESS });
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
