import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { LocaleCode } from 'shared-contracts';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { fakeAdminKycApi } from '../features/admin/fakes';

afterEach(cleanup);

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

describe('ProfileAdminVerifications page', () => {
  it('an account without the ADMIN permission gets a friendly card and nothing is sent', async () => {
    const api = fakeAdminKycApi();
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
    const api = fakeAdminKycApi();
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
    const api = fakeAdminKycApi();
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
