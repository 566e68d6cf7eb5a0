import { reaction } from 'mobx';
import { ApiError, PROVIDER_POLL } from 'shared-contracts';
import { CardFlowStore, type CardFlowStep } from './CardFlowStore';

const EMAIL = 'me@acc.io';
const KYC_URL = 'https://provider.example/kyc#tok';
const completed = { features: [{ feature: 'IDENTITY_VERIFICATION', status: 'COMPLETED' }] };
const pending = { features: [{ feature: 'IDENTITY_VERIFICATION', status: 'PENDING' }] };
const rejected = { features: [{ feature: 'IDENTITY_VERIFICATION', status: 'REJECTED' }] };
const kycNeeded = () => ApiError.of('ERR_FORBIDDEN', 'KYC verification is needed for a card purchase of this amount', { details: { reason: 'KYC_REQUIRED' } });

function setup(o: { isAuthorised?: boolean; email?: string | null } = {}) {
  const api = {
    providerSignUp: jest.fn(async (_input: unknown) => ({ ok: true as const })),
    providerSignIn: jest.fn(async (_input: unknown) => ({ token: 'bearer-token-123' })),
    providerContacts: jest.fn(async (_input: unknown) => ({ emailStatus: 'CONFIRMED' as 'CONFIRMED' | 'UNCONFIRMED' })),
    providerKycStatus: jest.fn(async (_input: unknown): Promise<{ features: { feature: string; status: string }[] }> => completed),
    providerKycAccessToken: jest.fn(async (_input: unknown) => ({ kycAccessToken: 'tok', applicantId: 'app-1', kycUrl: KYC_URL })),
    confirmEmail: jest.fn(async (_input: unknown) => ({ ok: true as const })),
  };
  const session = {
    isAuthorised: o.isAuthorised ?? true,
    account: o.email === null ? null : { email: o.email ?? EMAIL },
    openRegisterDialog: jest.fn(),
  };
  const notifyFlowError = jest.fn();
  const store = new CardFlowStore({ api: api as never, session, provider: () => 'sandbox', locale: () => 'ru', notifyFlowError });
  const steps: CardFlowStep[] = [];
  const stop = reaction(
    () => store.step,
    (step) => steps.push(step),
  );
  const create = jest.fn(async (_afterFlow: boolean) => ({ orderId: 'o-1' }));
  return { api, session, notifyFlowError, store, steps, stop, create };
}

const above = <T>(create: (afterFlow: boolean) => Promise<T>) => ({ amount: '1000', noKycThreshold: '1000', create });
const below = <T>(create: (afterFlow: boolean) => Promise<T>) => ({ amount: '999.99999999', noKycThreshold: '1000', create });
const providerCall = { params: { provider: 'sandbox' }, query: { locale: 'ru' } };
const withBearer = { ...providerCall, headers: { Authorization: 'Bearer bearer-token-123' } };

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('CardFlowStore (§4 card flow)', () => {
  it('a guest gets the register dialog and nothing else happens', async () => {
    const { store, session, api, create } = setup({ isAuthorised: false });
    await expect(store.purchase(above(create))).resolves.toEqual({ kind: 'register' });
    expect(session.openRegisterDialog).toHaveBeenCalledTimes(1);
    // issue 25: the dialog says why an account is needed
    expect(session.openRegisterDialog).toHaveBeenCalledWith({ reason: 'card-purchase' });
    expect(api.providerSignUp).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
    expect(store.step).toBe('idle');
  });

  it('a guest’s register dialog starts with the email typed in the form (trimmed; none when blank)', async () => {
    const { store, session, create } = setup({ isAuthorised: false });
    await store.purchase({ ...above(create), email: ' guest@mail.io ' });
    expect(session.openRegisterDialog).toHaveBeenLastCalledWith({ reason: 'card-purchase', email: 'guest@mail.io' });
    expect(store.ensureSignedIn('   ')).toBe(false);
    expect(session.openRegisterDialog).toHaveBeenLastCalledWith({ reason: 'card-purchase' });
    expect(create).not.toHaveBeenCalled();
  });

  it('a signed-in visitor gets no dialog', () => {
    const { store, session } = setup();
    expect(store.ensureSignedIn('guest@mail.io')).toBe(true);
    expect(session.openRegisterDialog).not.toHaveBeenCalled();
  });

  it('below noKycThreshold the order is created directly, without the provider', async () => {
    const { store, api, create, steps } = setup();
    await expect(store.purchase(below(create))).resolves.toEqual({ kind: 'created', order: { orderId: 'o-1' } });
    expect(create).toHaveBeenCalledWith(false);
    expect(api.providerSignUp).not.toHaveBeenCalled();
    expect(steps).toEqual(['creating', 'idle']);
    expect(store.modal).toBeNull();
  });

  it('from the threshold up: sign-up, sign-in, the bearer token on contacts and kyc-status, then the create', async () => {
    const { store, api, create, steps, notifyFlowError } = setup();
    await expect(store.purchase(above(create))).resolves.toEqual({ kind: 'created', order: { orderId: 'o-1' } });
    expect(api.providerSignUp).toHaveBeenCalledWith({ ...providerCall, body: { accept: true, email: EMAIL } });
    expect(api.providerSignIn).toHaveBeenCalledWith({ ...providerCall, body: { email: EMAIL } });
    expect(api.providerContacts).toHaveBeenCalledWith(withBearer);
    expect(api.providerKycStatus).toHaveBeenCalledWith(withBearer);
    expect(api.providerKycAccessToken).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledWith(true);
    expect(steps).toEqual(['signingUp', 'checkingKyc', 'creating', 'idle']);
    expect(notifyFlowError).not.toHaveBeenCalled();
  });

  it('tolerates an already-registered answer to the sign-up', async () => {
    const { store, api, create } = setup();
    api.providerSignUp.mockRejectedValueOnce(ApiError.of('ERR_USER_ALREADY_REGISTERED', 'User already registered'));
    await expect(store.purchase(above(create))).resolves.toMatchObject({ kind: 'created' });
    expect(api.providerSignIn).toHaveBeenCalled();
  });

  it.each([
    ['sign-up', 'providerSignUp'],
    ['sign-in', 'providerSignIn'],
    ['kyc-status', 'providerKycStatus'],
  ] as const)('a failed %s is a flow error: error_kyc_flow, the modal closes, no order', async (_what, call) => {
    const { store, api, create, notifyFlowError } = setup();
    api[call].mockRejectedValueOnce(ApiError.of('ERR_BAD_REQUEST', 'nope'));
    await expect(store.purchase(above(create))).resolves.toEqual({ kind: 'failed' });
    expect(notifyFlowError).toHaveBeenCalledTimes(1);
    expect(create).not.toHaveBeenCalled();
    expect(store.step).toBe('idle');
    expect(store.modal).toBeNull();
  });

  it('without an account email the flow fails (§6)', async () => {
    const { store, api, create, notifyFlowError } = setup({ email: null });
    await expect(store.purchase(above(create))).resolves.toEqual({ kind: 'failed' });
    expect(notifyFlowError).toHaveBeenCalled();
    expect(api.providerSignUp).not.toHaveBeenCalled();
  });

  describe('email confirmation', () => {
    it('asks for the code while contacts says UNCONFIRMED and polls every 5 s', async () => {
      const { store, api, create } = setup();
      api.providerContacts.mockResolvedValue({ emailStatus: 'UNCONFIRMED' });
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(0);
      expect(store.step).toBe('email');
      expect(store.modal).toBe('card');
      expect(store.email).toBe(EMAIL);
      expect(api.providerContacts).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs - 1);
      expect(api.providerContacts).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(api.providerContacts).toHaveBeenCalledTimes(2);
      api.providerContacts.mockResolvedValue({ emailStatus: 'CONFIRMED' });
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs);
      await expect(done).resolves.toMatchObject({ kind: 'created' });
      expect(api.providerContacts).toHaveBeenCalledTimes(3);
    });

    it('the code confirms the email with the site and contacts is checked again at once', async () => {
      const { store, api, create } = setup();
      api.providerContacts.mockResolvedValue({ emailStatus: 'UNCONFIRMED' });
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(0);
      expect(store.step).toBe('email');
      api.providerContacts.mockResolvedValue({ emailStatus: 'CONFIRMED' });
      store.setCode(' 123456 ');
      await store.submitCode();
      expect(api.confirmEmail).toHaveBeenCalledWith({ body: { email: EMAIL, code: '123456' } });
      await jest.advanceTimersByTimeAsync(0); // no interval passes
      await expect(done).resolves.toMatchObject({ kind: 'created' });
      expect(api.providerContacts).toHaveBeenCalledTimes(2);
    });

    it('an empty or refused code shows an error and the flow keeps waiting', async () => {
      const { store, api, create } = setup();
      api.providerContacts.mockResolvedValue({ emailStatus: 'UNCONFIRMED' });
      void store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(0);
      await store.submitCode();
      expect(store.codeError).toBe('card_flow_code_empty');
      expect(api.confirmEmail).not.toHaveBeenCalled();
      api.confirmEmail.mockRejectedValueOnce(ApiError.of('ERR_VALIDATION', 'Invalid code'));
      store.setCode('000000');
      expect(store.codeError).toBeNull();
      await store.submitCode();
      expect(store.codeError).toBe('card_flow_code_wrong');
      expect(store.step).toBe('email');
      expect(store.isSubmittingCode).toBe(false);
      store.close();
    });

    it('gives up after 1000 contacts checks (§8, §9): error_kyc_flow', async () => {
      const { store, api, create, notifyFlowError } = setup();
      api.providerContacts.mockResolvedValue({ emailStatus: 'UNCONFIRMED' });
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs * PROVIDER_POLL.maxAttempts);
      await expect(done).resolves.toEqual({ kind: 'failed' });
      expect(api.providerContacts).toHaveBeenCalledTimes(PROVIDER_POLL.maxAttempts);
      expect(notifyFlowError).toHaveBeenCalledTimes(1);
      expect(create).not.toHaveBeenCalled();
      expect(store.modal).toBeNull();
    });

    it('a transient contacts failure counts as not yet; any other is a flow error', async () => {
      const { store, api, create, notifyFlowError } = setup();
      api.providerContacts
        .mockRejectedValueOnce(new ApiError({ statusCode: 0, code: 'ERR_SERVICE_UNAVAILABLE', message: 'GET /x network error' }))
        .mockRejectedValueOnce(ApiError.of('ERR_FORBIDDEN', 'Sign in with the provider first'));
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs);
      await expect(done).resolves.toEqual({ kind: 'failed' });
      expect(api.providerContacts).toHaveBeenCalledTimes(2);
      expect(notifyFlowError).toHaveBeenCalledTimes(1);
    });
  });

  describe('KYC', () => {
    it('incomplete: the access token, the KYC redirect modal with kycUrl, kyc-status every 5 s until complete, then the create', async () => {
      const { store, api, create, steps } = setup();
      api.providerKycStatus.mockResolvedValue(pending);
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(0);
      expect(api.providerKycAccessToken).toHaveBeenCalledWith(withBearer);
      expect(store.step).toBe('kyc');
      expect(store.modal).toBe('kyc');
      expect(store.kycUrl).toBe(KYC_URL);
      expect(api.providerKycStatus).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs);
      expect(api.providerKycStatus).toHaveBeenCalledTimes(2);
      api.providerKycStatus.mockResolvedValue({ features: [...completed.features, { feature: 'CARD', status: 'COMPLETED' }] });
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs);
      await expect(done).resolves.toMatchObject({ kind: 'created' });
      expect(api.providerKycStatus).toHaveBeenCalledTimes(3);
      expect(create).toHaveBeenCalledWith(true);
      expect(steps).toEqual(['signingUp', 'checkingKyc', 'kyc', 'creating', 'idle']);
      expect(store.kycUrl).toBeNull();
    });

    it('one feature not COMPLETED keeps it incomplete', async () => {
      const { store, api, create } = setup();
      api.providerKycStatus.mockResolvedValue({ features: [...completed.features, { feature: 'CARD', status: 'PENDING' }] });
      void store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(0);
      expect(store.step).toBe('kyc');
      store.close();
    });

    it('gives up after 1000 kyc-status polls (§8, §9): error_kyc_flow, the modal closes', async () => {
      const { store, api, create, notifyFlowError } = setup();
      api.providerKycStatus.mockResolvedValue(pending);
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(0);
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs * (PROVIDER_POLL.maxAttempts - 1));
      expect(store.step).toBe('kyc');
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs);
      await expect(done).resolves.toEqual({ kind: 'failed' });
      // the first check, then 1000 polls
      expect(api.providerKycStatus).toHaveBeenCalledTimes(1 + PROVIDER_POLL.maxAttempts);
      expect(notifyFlowError).toHaveBeenCalledTimes(1);
      expect(create).not.toHaveBeenCalled();
      expect(store.modal).toBeNull();
    });

    it.each([
      ['at the first check', 0],
      ['while polling', 1],
    ])('REJECTED %s is a flow error', async (_when, pendingChecks) => {
      const { store, api, create, notifyFlowError } = setup();
      for (let i = 0; i < pendingChecks; i++) api.providerKycStatus.mockResolvedValueOnce(pending);
      api.providerKycStatus.mockResolvedValueOnce(rejected);
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs);
      await expect(done).resolves.toEqual({ kind: 'failed' });
      expect(notifyFlowError).toHaveBeenCalledTimes(1);
      expect(create).not.toHaveBeenCalled();
    });

    it('closing the modal cancels the flow: polling stops, no order, no error', async () => {
      const { store, api, create, notifyFlowError } = setup();
      api.providerKycStatus.mockResolvedValue(pending);
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs);
      expect(api.providerKycStatus).toHaveBeenCalledTimes(2);
      store.close();
      expect(store.modal).toBeNull();
      await expect(done).resolves.toEqual({ kind: 'cancelled' });
      expect(jest.getTimerCount()).toBe(0); // the poll timer is cleared at once
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs * 10);
      expect(api.providerKycStatus).toHaveBeenCalledTimes(2);
      expect(create).not.toHaveBeenCalled();
      expect(notifyFlowError).not.toHaveBeenCalled();
    });

    it('closing the email step cancels too', async () => {
      const { store, api, create } = setup();
      api.providerContacts.mockResolvedValue({ emailStatus: 'UNCONFIRMED' });
      const done = store.purchase(above(create));
      await jest.advanceTimersByTimeAsync(0);
      store.close();
      await expect(done).resolves.toEqual({ kind: 'cancelled' });
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs * 3);
      expect(api.providerContacts).toHaveBeenCalledTimes(1);
    });
  });

  describe('create', () => {
    it('a create failure saying KYC verification is needed starts the KYC flow, then creates again', async () => {
      const { store, api, create, steps } = setup();
      create.mockRejectedValueOnce(kycNeeded());
      api.providerKycStatus.mockResolvedValueOnce(pending).mockResolvedValue(completed);
      const done = store.purchase(below(create));
      await jest.advanceTimersByTimeAsync(0);
      expect(create).toHaveBeenNthCalledWith(1, false);
      expect(store.step).toBe('kyc');
      await jest.advanceTimersByTimeAsync(PROVIDER_POLL.intervalMs);
      await expect(done).resolves.toEqual({ kind: 'created', order: { orderId: 'o-1' } });
      expect(create).toHaveBeenNthCalledWith(2, true);
      expect(steps).toEqual(['creating', 'signingUp', 'checkingKyc', 'kyc', 'creating', 'idle']);
    });

    it('KYC still needed after a complete KYC is a flow error (no endless loop)', async () => {
      const { store, create, notifyFlowError } = setup();
      create.mockRejectedValue(kycNeeded());
      await expect(store.purchase(below(create))).resolves.toEqual({ kind: 'failed' });
      expect(create).toHaveBeenCalledTimes(2);
      expect(notifyFlowError).toHaveBeenCalledTimes(1);
    });

    it('any other create failure is the caller’s (not a flow error)', async () => {
      const { store, create, notifyFlowError } = setup();
      const error = ApiError.of('ERR_VALIDATION', 'Invalid destination address');
      create.mockRejectedValueOnce(error);
      await expect(store.purchase(above(create))).rejects.toBe(error);
      expect(notifyFlowError).not.toHaveBeenCalled();
      expect(store.step).toBe('idle');
    });

    it('one flow at a time', async () => {
      const { store, api, create } = setup();
      api.providerKycStatus.mockResolvedValue(pending);
      void store.purchase(above(create));
      await expect(store.purchase(above(create))).resolves.toEqual({ kind: 'cancelled' });
      expect(api.providerSignUp).toHaveBeenCalledTimes(1);
      store.close();
    });
  });
});
