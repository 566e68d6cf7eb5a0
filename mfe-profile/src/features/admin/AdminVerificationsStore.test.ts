import { ApiError } from 'shared-contracts';
import { AdminVerificationsStore } from './AdminVerificationsStore';
import { fakeAdminKycApi } from './fakes';

describe('AdminVerificationsStore', () => {
  function store(api = fakeAdminKycApi(), admin = true) {
    const notify = jest.fn();
    const s = new AdminVerificationsStore({ api: api as never, isAdmin: () => admin, notify, t: (k) => `[${k}]` });
    return { s, api, notify };
  }

  it('§6: nothing is sent for an account without the ADMIN permission', async () => {
    const { s, api } = store(fakeAdminKycApi(), false);
    await s.load();
    await s.open('v1');
    expect(await s.decide('PASS')).toBe(false);
    expect(api.adminKycList).not.toHaveBeenCalled();
    expect(api.adminKycGet).not.toHaveBeenCalled();
    expect(api.adminKycTake).not.toHaveBeenCalled();
    expect(api.adminKycDecide).not.toHaveBeenCalled();
    expect(s.loadState.status).toBe('idle');
  });

  it('lists the pending verifications only, oldest first', async () => {
    const { s, api } = store();
    await s.load();
    expect(api.adminKycList).toHaveBeenCalledWith({ query: { page: 1, perPage: 100 } });
    expect(s.loadState.status).toBe('ready');
    expect(s.items.map((v) => v.verificationId)).toEqual(['v1', 'v2']);
  });

  it('a rejection needs a reason; a decision reloads the list and the opened verification (who and when)', async () => {
    const { s, api, notify } = store();
    await s.load();
    await s.open('v1');
    expect(s.detail?.firstName).toBe('Anna');
    expect(await s.decide('REJECT', '   ')).toBe(false);
    expect(api.adminKycDecide).not.toHaveBeenCalled();
    expect(await s.decide('REJECT', '  The photo is blurred ')).toBe(true);
    expect(api.adminKycDecide).toHaveBeenCalledWith({ body: { verificationId: 'v1', decision: 'REJECT', rejectReason: 'The photo is blurred' } });
    expect(notify).toHaveBeenLastCalledWith({ type: 'success', message: '[admin_kyc_rejected]', timeout: 3000 });
    expect(api.adminKycList).toHaveBeenCalledTimes(2);
    expect(s.items.map((v) => v.verificationId)).toEqual(['v2']);
    expect(s.detail).toMatchObject({ status: 'REJECT', rejectReason: 'The photo is blurred', decidedBy: 1 });
    expect(s.detail?.decidedAt).toEqual(expect.any(String));
    s.close();
    expect(s.openedId).toBeNull();
    expect(s.detail).toBeNull();
  });

  it('§8: a failed decision says so and reloads', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeAdminKycApi();
    api.adminKycDecide.mockImplementationOnce(async () =>
      Promise.reject(ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'The verification is not pending (it is PASS)')),
    );
    const { s, notify } = store(api);
    await s.open('v2');
    expect(await s.decide('PASS')).toBe(false);
    expect(notify).toHaveBeenLastCalledWith({ type: 'error', message: '[admin_kyc_decide_failed]', timeout: 3000 });
    expect(api.adminKycList).toHaveBeenCalledTimes(1);
    // opened by adminKycTake, reloaded after the failed decision by the pure read adminKycGet
    expect(api.adminKycTake).toHaveBeenCalledTimes(1);
    expect(api.adminKycGet).toHaveBeenCalledTimes(1);
    expect(s.busy).toBe(false);
    warn.mockRestore();
  });
});
