import { ApiError } from 'shared-contracts';
import { TwoFactorDisableStore } from './TwoFactorDisableStore';

function setup(disable = jest.fn(async () => ({}))) {
  const onDisabled = jest.fn();
  const store = new TwoFactorDisableStore({ api: { twoFactorDisable: disable }, stepUp: { run: (call) => call() }, onDisabled });
  return { store, disable, onDisabled };
}

describe('TwoFactorDisableStore', () => {
  it('needs a code (TOTP or recovery code); a wrong one is a field error; a right one turns two-factor off', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const disable = jest.fn().mockRejectedValueOnce(ApiError.of('ERR_INVALID_TWO_FACTOR_CODE', 'wrong')).mockResolvedValue({});
    const { store, onDisabled } = setup(disable);
    store.open();
    expect(store.state).toBe('asking');
    await store.submit();
    expect(store.codeError).toBe('twofa_error_code_required');
    expect(disable).not.toHaveBeenCalled();
    store.setCode('111111');
    await store.submit();
    expect(store.state).toBe('asking');
    expect(store.codeError).toBe('twofa_error_code');
    expect(onDisabled).not.toHaveBeenCalled();
    store.setCode(' abcd-1234 ');
    await store.submit();
    expect(disable).toHaveBeenLastCalledWith({ body: { code: 'abcd-1234' } });
    expect(store.state).toBe('idle');
    expect(onDisabled).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('cancel closes without a call', async () => {
    const { store, disable } = setup();
    store.open();
    store.setCode('123456');
    store.cancel();
    expect(store.state).toBe('idle');
    expect(store.code).toBe('');
    expect(disable).not.toHaveBeenCalled();
  });
});
