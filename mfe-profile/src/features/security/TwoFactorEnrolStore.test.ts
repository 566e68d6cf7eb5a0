import { ApiError } from 'shared-contracts';
import { StepUpCancelled } from '../../stepUp/StepUpStore';
import { TwoFactorEnrolStore } from './TwoFactorEnrolStore';

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Coinferry:a%40b.co?secret=JBSWY3DPEHPK3PXP&issuer=Coinferry' };
const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];

function setup(o: { enable?: jest.Mock; setup?: jest.Mock; run?: (call: () => Promise<unknown>) => Promise<unknown> } = {}) {
  const api = {
    twoFactorSetup: o.setup ?? jest.fn(async () => SETUP),
    twoFactorEnable: o.enable ?? jest.fn(async () => ({ recoveryCodes: CODES })),
  };
  const onEnabled = jest.fn();
  const run = o.run ?? ((call: () => Promise<unknown>) => call());
  const store = new TwoFactorEnrolStore({ api, stepUp: { run: run as never }, onEnabled });
  return { store, api, onEnabled };
}

describe('TwoFactorEnrolStore', () => {
  it('setup → scan (QR of the otpauth URI and the secret) → a 6-digit code enables → codes shown once → saved → done', async () => {
    const { store, api, onEnabled } = setup();
    expect(store.open).toBe(false);
    await store.start();
    expect(api.twoFactorSetup).toHaveBeenCalledWith({ body: {} });
    expect(store.state).toBe('scan');
    expect(store.setup).toEqual(SETUP);
    expect(store.open).toBe(true);
    store.setCode('12 34');
    await store.enable();
    expect(store.codeError).toBe('twofa_error_code_format');
    expect(api.twoFactorEnable).not.toHaveBeenCalled();
    store.setCode('123 456');
    await store.enable();
    expect(api.twoFactorEnable).toHaveBeenCalledWith({ body: { code: '123456' } });
    expect(onEnabled).toHaveBeenCalledTimes(1);
    expect(store.state).toBe('codes');
    expect(store.setup).toBeNull();
    expect(store.recoveryCodes).toEqual(CODES);
    expect(store.recoveryCodesText).toBe('aaaa-1111\nbbbb-2222\ncccc-3333\n');
    // the codes step waits for "I saved them": closing and "done" do nothing before
    store.cancel();
    expect(store.finish()).toBe(false);
    expect(store.state).toBe('codes');
    store.setSaved(true);
    expect(store.finish()).toBe(true);
    expect(store.state).toBe('done');
    expect(store.recoveryCodes).toEqual([]);
    expect(store.open).toBe(false);
  });

  it('a wrong code stays on the scan step with a field error; closing before the codes forgets the secret', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const enable = jest.fn().mockRejectedValueOnce(ApiError.of('ERR_INVALID_TWO_FACTOR_CODE', 'wrong'));
    const { store, onEnabled } = setup({ enable });
    await store.start();
    store.setCode('000000');
    await store.enable();
    expect(store.state).toBe('scan');
    expect(store.codeError).toBe('twofa_error_code');
    expect(onEnabled).not.toHaveBeenCalled();
    store.setCode('1');
    expect(store.codeError).toBeNull();
    store.cancel();
    expect(store.state).toBe('idle');
    expect(store.setup).toBeNull();
    warn.mockRestore();
  });

  it('setup goes through step-up; a cancelled step-up is no error, a failed setup is', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const run = jest.fn().mockRejectedValueOnce(new StepUpCancelled()).mockRejectedValueOnce(new Error('offline'));
    const { store } = setup({ run });
    await store.start();
    expect(run).toHaveBeenCalledTimes(1);
    expect(store.state).toBe('idle');
    expect(store.error).toBeNull();
    await store.start();
    expect(store.state).toBe('idle');
    expect(store.error).toBe('main_error');
    warn.mockRestore();
  });
});
