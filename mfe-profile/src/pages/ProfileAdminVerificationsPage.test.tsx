import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, type LocaleCode, type VerificationStatus } from 'shared-contracts';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { ago, HOUR } from '../test/fixtures';
import { type AdminKycItem, type AdminKycVerification, AdminVerificationsStore } from '../features/admin/AdminVerificationsStore';

afterEach(cleanup);

const item = (verificationId: string, status: VerificationStatus, createdAt = ago(HOUR), o: Partial<AdminKycItem> = {}): AdminKycItem => ({
  verificationId,
  userId: 7,
  email: `${verificationId}@example.com`,
  status,
  identityType: 'idcard',
  residenceCountry: 'DE',
  createdAt,
  decidedAt: null,
  ...o,
});

function fakeApi(initial: AdminKycItem[] = [item('v2', 'PROCESS', ago(HOUR)), item('v1', 'CREATED', ago(2 * HOUR)), item('v0', 'PASS', ago(3 * HOUR))]) {
  let items = [...initial];
  const decided: Record<string, { decision: 'PASS' | 'REJECT'; reason: string | null }> = {};
  const detail = (id: string): AdminKycVerification => {
    const base = items.find((v) => v.verificationId === id);
    if (!base) throw ApiError.of('ERR_NOT_FOUND', 'Verification not found');
    const d = decided[id];
    return {
      ...base,
      rejectReason: d?.reason ?? null,
      firstName: 'Anna',
      lastName: 'Schmidt',
      issueCountry: 'DE',
      birthDate: '1990-04-01',
      identityNumber: 'L01X00T47',
      expireDate: '2031-05-01',
      decidedBy: d ? 1 : null,
      documents: (['back', 'face', 'front'] as const).map((kind) => ({ kind, bytes: 1000, createdAt: base.createdAt, deleted: false })),
      audit: [
        { actor: 'USER:7', action: 'SUBMIT', reason: null, createdAt: base.createdAt },
        ...(d ? [{ actor: 'ADMIN:1', action: d.decision, reason: d.reason, createdAt: ago(0) }] : []),
      ],
    };
  };
  return {
    adminKycList: jest.fn(async () => ({ items, total: items.length, page: 1, perPage: 100 })),
    adminKycGet: jest.fn(async ({ params }: { params: { verificationId: string } }) => detail(params.verificationId)),
    adminKycTake: jest.fn(async ({ body }: { body: { verificationId: string } }) => detail(body.verificationId)),
    adminKycDecide: jest.fn(async ({ body }: { body: { verificationId: string; decision: 'PASS' | 'REJECT'; rejectReason?: string } }) => {
      const reason = body.rejectReason ?? null;
      decided[body.verificationId] = { decision: body.decision, reason };
      items = items.map((v) => (v.verificationId === body.verificationId ? { ...v, status: body.decision, decidedAt: ago(0) } : v));
      return { status: body.decision, rejectReason: reason };
    }),
  };
}

function hostFor(permissions: 'ADMIN' | 'USER', api: Record<string, unknown>, lng: LocaleCode = 'en', path = '/profile/admin/verifications') {
  return createTestHost({
    lng,
    api,
    route: { path },
    session: {
      isAuthorised: true,
      account: { email: 'admin@coinferry.test', userId: 1, permissions, adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false },
    },
  });
}

describe('AdminVerificationsStore', () => {
  function store(api = fakeApi(), admin = true) {
    const notify = jest.fn();
    const s = new AdminVerificationsStore({ api: api as never, isAdmin: () => admin, notify, t: (k) => `[${k}]` });
    return { s, api, notify };
  }

  it('§6: nothing is sent for an account without the ADMIN permission', async () => {
    const { s, api } = store(fakeApi(), false);
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
    const api = fakeApi();
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

describe('ProfileAdminVerifications page', () => {
  it('an account without the ADMIN permission gets a friendly card and nothing is sent', async () => {
    const api = fakeApi();
    await act(async () => void renderPage(pages.ProfileAdminVerifications, hostFor('USER', api)));
    expect(screen.getByTestId('admin-kyc-forbidden').textContent).toContain('only available to Coinferry administrators');
    expect(screen.queryByTestId('admin-kyc-table')).toBeNull();
    expect(api.adminKycList).not.toHaveBeenCalled();
    expect(api.adminKycGet).not.toHaveBeenCalled();
    expect(api.adminKycTake).not.toHaveBeenCalled();
  });

  it('the admin tab is in the tab list of admins only', async () => {
    await act(async () => void renderPage(pages.ProfileInfo, hostFor('USER', {}, 'en', '/profile/info')));
    expect(screen.queryByTestId('tab-admin-verifications')).toBeNull();
    cleanup();
    await act(async () => void renderPage(pages.ProfileInfo, hostFor('ADMIN', {}, 'en', '/profile/info')));
    expect(screen.getByTestId('tab-admin-verifications').getAttribute('href')).toBe('/profile/admin/verifications');
  });

  it('an admin sees the pending list, opens one (data, the three documents with alt texts) and passes it', async () => {
    const api = fakeApi();
    await act(async () => void renderPage(pages.ProfileAdminVerifications, hostFor('ADMIN', api)));
    const table = await screen.findByTestId('admin-kyc-table');
    const rows = within(table).getAllByTestId('admin-kyc-row');
    expect(rows.map((r) => [r.dataset.verificationId, r.dataset.status])).toEqual([
      ['v1', 'CREATED'],
      ['v2', 'PROCESS'],
    ]);
    expect(rows[0].textContent).toContain('v1@example.com');
    expect(rows[0].textContent).toContain('ID card');
    expect(rows[0].textContent).toContain('Germany');
    expect(screen.getByRole('tab', { name: 'Verification review' }).getAttribute('aria-selected')).toBe('true');
    await act(async () => void fireEvent.click(within(rows[0]).getByTestId('admin-kyc-open')));
    // opening takes it for review (a POST); the GET only reloads it
    expect(api.adminKycTake).toHaveBeenCalledWith({ body: { verificationId: 'v1' } });
    const detail = screen.getByTestId('admin-kyc-detail');
    expect(detail.dataset.verificationId).toBe('v1');
    expect(within(detail).getByTestId('admin-kyc-name').textContent).toBe('Anna Schmidt');
    expect(detail.textContent).toContain('L01X00T47');
    expect(detail.textContent).toContain('1990-04-01');
    const docs = within(detail).getAllByTestId('admin-kyc-doc');
    expect(docs.map((d) => d.dataset.kind)).toEqual(['face', 'front', 'back']);
    expect(docs[0].getAttribute('alt')).toBe('Face photo of Anna Schmidt');
    expect(docs[1].getAttribute('alt')).toBe('Front of the document of Anna Schmidt');
    expect(docs[2].getAttribute('src')).toMatch(/\/api\/v1\/admin\/kyc\/v1\/documents\/back$/);
    expect(screen.queryByTestId('admin-kyc-decided-by')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByTestId('admin-kyc-pass')));
    expect(api.adminKycDecide).toHaveBeenCalledWith({ body: { verificationId: 'v1', decision: 'PASS' } });
    expect(api.adminKycList).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('admin-kyc-detail').dataset.status).toBe('PASS');
    expect(screen.getByTestId('admin-kyc-decided-by').textContent).toBe('Administrator #1');
    expect(screen.getByTestId('admin-kyc-decided-at').textContent).not.toBe('');
    expect(screen.queryByTestId('admin-kyc-pass')).toBeNull();
    expect(screen.getByTestId('admin-kyc-audit').textContent).toContain('ADMIN:1');
    await act(async () => void fireEvent.click(screen.getByTestId('admin-kyc-back')));
    expect(
      within(screen.getByTestId('admin-kyc-table'))
        .getAllByTestId('admin-kyc-row')
        .map((r) => r.dataset.verificationId),
    ).toEqual(['v2']);
  });

  it('reject asks for the reason (required) in a dialog, in Russian too', async () => {
    const api = fakeApi();
    await act(async () => void renderPage(pages.ProfileAdminVerifications, hostFor('ADMIN', api, 'ru')));
    expect((await screen.findByTestId('admin-kyc-table')).textContent).toContain('Верификации, ожидающие проверки');
    await act(async () => void fireEvent.click(screen.getAllByTestId('admin-kyc-open')[1]));
    await act(async () => void fireEvent.click(screen.getByTestId('admin-kyc-reject')));
    expect(screen.getByRole('dialog', { name: 'Отклонить эту верификацию?' })).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByTestId('admin-kyc-reject-confirm')));
    expect(screen.getByText('Укажите причину отказа.')).toBeTruthy();
    expect(api.adminKycDecide).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('admin-kyc-reason'), { target: { value: 'Документ просрочен' } });
    await act(async () => void fireEvent.click(screen.getByTestId('admin-kyc-reject-confirm')));
    expect(api.adminKycDecide).toHaveBeenCalledWith({ body: { verificationId: 'v2', decision: 'REJECT', rejectReason: 'Документ просрочен' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('admin-kyc-detail').dataset.status).toBe('REJECT');
    expect(screen.getByTestId('admin-kyc-reject-reason').textContent).toBe('Документ просрочен');
    expect(screen.getByTestId('admin-kyc-decided-by').textContent).toBe('Администратор №1');
  });
});
