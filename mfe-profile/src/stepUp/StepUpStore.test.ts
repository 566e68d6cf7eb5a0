import { ApiError } from 'shared-contracts';
import { isStepUpCancelled, StepUpStore } from './StepUpStore';

const required = (twoFactorRequired = false) => ApiError.of('ERR_STEP_UP_REQUIRED', 'Enter your password again', { details: { twoFactorRequired } });

function setup(o: { twoFactor?: boolean; stepUp?: jest.Mock } = {}) {
  const stepUp = o.stepUp ?? jest.fn(async () => ({ stepUpUntil: new Date().toISOString() }));
  const store = new StepUpStore({ api: { stepUp }, twoFactorEnabled: () => o.twoFactor ?? false });
  return { store, stepUp };
}

/** A call refused for step-up the first time, taken afterwards. */
function callNeedingStepUp(error = required()) {
  return jest.fn().mockRejectedValueOnce(error).mockResolvedValue('done');
}

describe('StepUpStore', () => {
  it('a call that needs no step-up runs once and asks nothing', async () => {
    const { store, stepUp } = setup();
    const call = jest.fn(async () => 'ok');
    await expect(store.run(call)).resolves.toBe('ok');
    expect(call).toHaveBeenCalledTimes(1);
    expect(store.open).toBe(false);
    expect(stepUp).not.toHaveBeenCalled();
  });

  it('ERR_STEP_UP_REQUIRED asks for the password, proves it with stepUp, then retries the call once', async () => {
    const { store, stepUp } = setup();
    const call = callNeedingStepUp();
    const result = store.run(call);
    await Promise.resolve();
    await Promise.resolve();
    expect(store.state).toBe('asking');
    expect(store.needsCode).toBe(false);
    await store.submit();
    expect(store.passwordError).toBe('stepup_error_password_required');
    expect(stepUp).not.toHaveBeenCalled();
    store.setPassword('Amber-Meadow-4826');
    await store.submit();
    await expect(result).resolves.toBe('done');
    expect(stepUp).toHaveBeenCalledWith({ body: { password: 'Amber-Meadow-4826' } });
    expect(call).toHaveBeenCalledTimes(2);
    expect(store.open).toBe(false);
    expect(store.password).toBe('');
  });

  it('a wrong password keeps the dialog with a field error; the call is not retried until the password is right', async () => {
    const stepUp = jest
      .fn()
      .mockRejectedValueOnce(ApiError.of('ERR_INVALID_CREDENTIALS', 'wrong'))
      .mockRejectedValueOnce(ApiError.of('ERR_TOO_MANY_REQUESTS', 'slow down'))
      .mockResolvedValue({ stepUpUntil: '2030-01-01T00:00:00Z' });
    const { store } = setup({ stepUp });
    const call = callNeedingStepUp();
    const result = store.run(call);
    await new Promise((r) => setTimeout(r, 0));
    store.setPassword('nope');
    await store.submit();
    expect(store.state).toBe('asking');
    expect(store.passwordError).toBe('stepup_error_password');
    expect(call).toHaveBeenCalledTimes(1);
    store.setPassword('again');
    expect(store.passwordError).toBeNull();
    await store.submit();
    expect(store.formError).toBe('stepup_error_too_many');
    await store.submit();
    await expect(result).resolves.toBe('done');
  });

  it('with two-factor on, the code is asked for and sent; a wrong or replayed code is a field error', async () => {
    const stepUp = jest
      .fn()
      .mockRejectedValueOnce(ApiError.of('ERR_INVALID_TWO_FACTOR_CODE', 'replayed'))
      .mockResolvedValue({ stepUpUntil: '2030-01-01T00:00:00Z' });
    const { store } = setup({ stepUp });
    const result = store.run(callNeedingStepUp(required(true)));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.needsCode).toBe(true);
    store.setPassword('pw');
    await store.submit();
    expect(store.codeError).toBe('stepup_error_code_required');
    expect(stepUp).not.toHaveBeenCalled();
    store.setCode('123 456');
    await store.submit();
    expect(stepUp).toHaveBeenLastCalledWith({ body: { password: 'pw', twoFactorCode: '123456' } });
    expect(store.codeError).toBe('stepup_error_code');
    store.setCode('654321');
    await store.submit();
    await expect(result).resolves.toBe('done');
  });

  it('ERR_TWO_FACTOR_REQUIRED from stepUp shows the code field (the account data may predate enabling it)', async () => {
    const stepUp = jest.fn().mockRejectedValueOnce(ApiError.of('ERR_TWO_FACTOR_REQUIRED', 'code')).mockResolvedValue({ stepUpUntil: 'x' });
    const { store } = setup({ stepUp });
    const result = store.run(callNeedingStepUp());
    await new Promise((r) => setTimeout(r, 0));
    store.setPassword('pw');
    await store.submit();
    expect(store.needsCode).toBe(true);
    store.setCode('111111');
    await store.submit();
    await expect(result).resolves.toBe('done');
  });

  it('cancel rejects with StepUpCancelled and does not retry; a second refusal after step-up is the call’s own error', async () => {
    const { store } = setup({ twoFactor: true });
    const call = callNeedingStepUp();
    const result = store.run(call);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.needsCode).toBe(true);
    store.setPassword('typed');
    store.cancel();
    const error = await result.catch((e: unknown) => e);
    expect(isStepUpCancelled(error)).toBe(true);
    expect(call).toHaveBeenCalledTimes(1);
    expect(store.open).toBe(false);
    expect(store.password).toBe('');

    const refusedTwice = jest.fn().mockRejectedValue(required());
    const again = store.run(refusedTwice);
    await new Promise((r) => setTimeout(r, 0));
    store.setPassword('pw');
    store.setCode('123456');
    await store.submit();
    await expect(again).rejects.toMatchObject({ code: 'ERR_STEP_UP_REQUIRED' });
    expect(refusedTwice).toHaveBeenCalledTimes(2);
  });

  it('other errors pass through untouched', async () => {
    const { store } = setup();
    await expect(store.run(() => Promise.reject(ApiError.of('ERR_BALANCE_TOO_LOW', 'x')))).rejects.toMatchObject({ code: 'ERR_BALANCE_TOO_LOW' });
    expect(store.open).toBe(false);
  });
});
