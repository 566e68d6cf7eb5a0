import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shared-contracts';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { accountHost } from '../test/security';

afterEach(cleanup);

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Coinferry:a%40b.co?secret=JBSWY3DPEHPK3PXP&issuer=Coinferry' };
const codes = (n: number) => Array.from({ length: n }, (_, i) => `code-${String(i).padStart(4, '0')}`);

function api(o: Record<string, jest.Mock> = {}) {
  return {
    stepUp: jest.fn(async () => ({ stepUpUntil: new Date(Date.now() + 900_000).toISOString() })),
    twoFactorSetup: jest.fn(async () => SETUP),
    twoFactorEnable: jest.fn(async () => ({ recoveryCodes: codes(10) })),
    twoFactorDisable: jest.fn(async () => ({})),
    ...o,
  };
}

describe('Profile info: email and two-factor (issue 24)', () => {
  it('shows a confirmed email and two-factor off', async () => {
    await act(async () => void renderPage(pages.ProfileInfo, accountHost({ api: api() })));
    expect(screen.getByTestId('profile-email-status').getAttribute('data-confirmed')).toBe('true');
    expect(screen.getByTestId('profile-email-status').textContent).toBe('Confirmed');
    expect(screen.queryByTestId('email-confirm')).toBeNull();
    const twoFactor = screen.getByTestId('profile-two-factor');
    expect(twoFactor.getAttribute('data-enabled')).toBe('false');
    expect(twoFactor.textContent).toContain('Off');
    expect(within(twoFactor).getByTestId('twofa-start')).toBeTruthy();
  });

  it('an unconfirmed email is said so, and "Confirm email" opens the shell’s confirmation dialog for it', async () => {
    let confirmed = false;
    const confirmEmail = jest.fn(async (email: string) => {
      confirmed = true;
      return email;
    });
    const a = {
      ...api(),
      accountData: jest.fn(async () => ({
        email: 'a@b.co',
        userId: 1,
        permissions: 'USER',
        adminPermissionsScope: {},
        emailConfirmed: confirmed,
        twoFactorEnabled: false,
      })),
    };
    await act(async () => void renderPage(pages.ProfileInfo, accountHost({ lng: 'ru', api: a, account: { emailConfirmed: false }, confirmEmail })));
    const status = screen.getByTestId('profile-email-status');
    expect(status.textContent).toContain('Не подтверждён');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Подтвердить email' })));
    expect(confirmEmail).toHaveBeenCalledWith('a@b.co');
    expect(a.accountData).toHaveBeenCalledTimes(2); // on opening (still unconfirmed), then after the dialog
    expect(screen.getByTestId('profile-email-status').getAttribute('data-confirmed')).toBe('true');
  });

  it('enrol: step-up first, then the QR code and the secret, a code, and the recovery codes shown once', async () => {
    const a = api({
      twoFactorSetup: jest
        .fn()
        .mockRejectedValueOnce(ApiError.of('ERR_STEP_UP_REQUIRED', 'again', { details: { twoFactorRequired: false } }))
        .mockResolvedValue(SETUP),
      twoFactorEnable: jest
        .fn()
        .mockRejectedValueOnce(ApiError.of('ERR_INVALID_TWO_FACTOR_CODE', 'wrong'))
        .mockResolvedValue({ recoveryCodes: codes(10) }),
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await act(async () => void renderPage(pages.ProfileInfo, accountHost({ api: a })));
    await act(async () => void fireEvent.click(screen.getByTestId('twofa-start')));
    const stepUp = screen.getByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(within(stepUp).getByLabelText('Password'), { target: { value: 'pw' } });
    await act(async () => void fireEvent.click(within(stepUp).getByTestId('step-up-submit')));
    expect(a.stepUp).toHaveBeenCalledWith({ body: { password: 'pw' } });

    const enrol = screen.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    expect(within(enrol).getByTestId('twofa-secret').textContent).toBe(SETUP.secret);
    const qr = within(enrol).getByRole('img', { name: 'QR code for your authenticator app' });
    await waitFor(() => expect(qr.getAttribute('data-ready')).toBe('true'));
    expect(qr.querySelector('svg')).toBeTruthy();
    fireEvent.change(within(enrol).getByLabelText('Authenticator code'), { target: { value: '12345' } });
    await act(async () => void fireEvent.click(within(enrol).getByTestId('twofa-enable')));
    expect(within(enrol).getByText('Enter the 6 digits your app shows.')).toBeTruthy();
    fireEvent.change(within(enrol).getByLabelText('Authenticator code'), { target: { value: '123456' } });
    await act(async () => void fireEvent.click(within(enrol).getByTestId('twofa-enable')));
    expect(within(enrol).getByText('This code is not valid (or was already used). Enter a new one.')).toBeTruthy();
    await act(async () => void fireEvent.click(within(enrol).getByTestId('twofa-enable')));

    const saved = screen.getByRole('dialog', { name: 'Save your recovery codes' });
    expect(saved.textContent).toContain('each of these 10 recovery codes lets you in once');
    expect(
      within(saved)
        .getAllByTestId('twofa-recovery-code')
        .map((li) => li.textContent),
    ).toEqual(codes(10));
    expect(within(saved).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(saved).getByRole('button', { name: 'Download' })).toBeTruthy();
    const done = within(saved).getByTestId('twofa-codes-done') as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    fireEvent.click(within(saved).getByLabelText('I have saved my recovery codes'));
    fireEvent.click(done);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('code-0001')).toBeNull();
    expect(screen.getByTestId('profile-two-factor').getAttribute('data-enabled')).toBe('true');
    expect(screen.getByTestId('profile-two-factor').textContent).toContain('On');
    warn.mockRestore();
  });

  it('the recovery codes text agrees with their number in Russian (1, 3, 5 codes)', async () => {
    for (const [n, text] of [
      [1, '1 код восстановления позволит'],
      [3, 'каждый из этих 3 кодов восстановления'],
      [5, 'каждый из этих 5 кодов восстановления'],
    ] as const) {
      const a = api({ twoFactorEnable: jest.fn(async () => ({ recoveryCodes: codes(n) })) });
      await act(async () => void renderPage(pages.ProfileInfo, accountHost({ lng: 'ru', api: a })));
      await act(async () => void fireEvent.click(screen.getByTestId('twofa-start')));
      fireEvent.change(screen.getByLabelText('Код аутентификатора'), { target: { value: '123456' } });
      await act(async () => void fireEvent.click(screen.getByTestId('twofa-enable')));
      expect(screen.getByRole('dialog', { name: 'Сохраните коды восстановления' }).textContent).toContain(text);
      cleanup();
    }
  });

  it('disable: needs a code; two-factor shows off afterwards', async () => {
    const a = api();
    await act(async () => void renderPage(pages.ProfileInfo, accountHost({ api: a, account: { twoFactorEnabled: true } })));
    expect(screen.getByTestId('profile-two-factor').getAttribute('data-enabled')).toBe('true');
    fireEvent.click(screen.getByTestId('twofa-disable'));
    const dialog = screen.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await act(async () => void fireEvent.click(within(dialog).getByTestId('twofa-disable-confirm')));
    expect(within(dialog).getByText('Enter a code.')).toBeTruthy();
    expect(a.twoFactorDisable).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Authenticator code'), { target: { value: '654321' } });
    await act(async () => void fireEvent.click(within(dialog).getByTestId('twofa-disable-confirm')));
    expect(a.twoFactorDisable).toHaveBeenCalledWith({ body: { code: '654321' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('profile-two-factor').getAttribute('data-enabled')).toBe('false');
  });
});
