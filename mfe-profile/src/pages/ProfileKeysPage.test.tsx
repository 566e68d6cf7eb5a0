import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from 'shared-contracts';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { apiKey, signedIn } from '../test/fixtures';
import { accountHost } from '../test/security';
import { fakeKeysApi } from '../features/keys/fakes';

afterEach(cleanup);

describe('ProfileKeys page', () => {
  it('create: the secret is shown once with a copy button and a warning', async () => {
    const api = fakeKeysApi([]);
    await act(async () => void renderPage(pages.ProfileKeys, signedIn({ api, path: '/profile/keys' })));
    expect((await screen.findByTestId('keys-table')).textContent).toContain('You have no API keys yet.');
    await act(async () => void fireEvent.click(screen.getByTestId('key-create')));
    expect(screen.getByText('Give the key a name.')).toBeTruthy();
    expect(api.generateApiKey).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'bot' } });
    await act(async () => void fireEvent.click(screen.getByTestId('key-create')));
    const dialog = screen.getByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByTestId('key-secret').textContent).toBe('cfk_SeCrEt0123456789');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.textContent).toContain('it is shown only this once');
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('key-secret-done'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('cfk_SeCrEt0123456789')).toBeNull();
    const row = screen.getByTestId('key-row');
    expect(row.textContent).toContain('bot');
    expect(row.textContent).toContain('cfk_AbCd…');
    expect(row.textContent).toContain('Any address');
    expect(row.textContent).toContain('Never');
  });

  it('edit: rename and restrict to an IP (a bad entry is named and nothing is sent), then deactivate from the row', async () => {
    const api = fakeKeysApi();
    await act(async () => void renderPage(pages.ProfileKeys, signedIn({ api, path: '/profile/keys' })));
    await screen.findByTestId('key-row');
    expect(screen.getByTestId('key-row').textContent).toContain('1 hr. ago');
    fireEvent.click(screen.getByRole('button', { name: 'Edit bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit bot' });
    fireEvent.change(within(dialog).getByLabelText('Key name'), { target: { value: 'renamed' } });
    fireEvent.change(within(dialog).getByLabelText('Allowed IP addresses'), { target: { value: '203.0.113.7, nope' } });
    await act(async () => void fireEvent.click(within(dialog).getByTestId('key-edit-save')));
    expect(within(dialog).getByText('“nope” is not an IP address or CIDR range.')).toBeTruthy();
    expect(api.updateApiKey).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Allowed IP addresses'), { target: { value: '203.0.113.7' } });
    await act(async () => void fireEvent.click(within(dialog).getByTestId('key-edit-save')));
    expect(api.updateApiKey).toHaveBeenCalledWith({
      body: { apiId: 'k1', name: 'renamed', whiteListIp: ['203.0.113.7'], isActive: true, signatureRequired: false },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = screen.getByTestId('key-row');
    expect(within(row).getByTestId('key-name').textContent).toBe('renamed');
    expect(within(row).getByTestId('key-ips').textContent).toBe('203.0.113.7');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Deactivate renamed' })));
    expect(screen.getByTestId('key-row').getAttribute('data-active')).toBe('false');
    expect(screen.getByTestId('key-state').textContent).toBe('Deactivated');
  });

  it('delete asks first, then key_page_delete_key_success for 3000 ms (in Russian)', async () => {
    const api = fakeKeysApi();
    const host = signedIn({ lng: 'ru', api, path: '/profile/keys' });
    const notify = jest.spyOn(host, 'notify').mockImplementation(() => undefined);
    await act(async () => void renderPage(pages.ProfileKeys, host));
    await screen.findByTestId('key-row');
    // the allow-list column says what it holds: IP addresses, not wallet addresses
    expect(screen.getByRole('columnheader', { name: 'Разрешённые IP-адреса' })).toBeTruthy();
    // deleting looks like the destructive action it is, not like a link
    expect(screen.getByRole('button', { name: 'Удалить bot' }).className).toContain('dangerOutline');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить этот API-ключ?' });
    expect(dialog.textContent).toContain('«bot»');
    await act(async () => void fireEvent.click(within(dialog).getByTestId('key-delete-confirm')));
    expect(api.deleteApiKey).toHaveBeenCalledWith({ body: { apiId: 'k1' } });
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'API-ключ удалён.', timeout: 3000 });
    expect(screen.queryByTestId('key-row')).toBeNull();
  });

  it('issue 24: the signing secret is shown once beside the new key, with its own copy button', async () => {
    const api = fakeKeysApi([]);
    await act(async () => void renderPage(pages.ProfileKeys, signedIn({ api, path: '/profile/keys' })));
    await screen.findByTestId('keys-table');
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'bot' } });
    await act(async () => void fireEvent.click(screen.getByTestId('key-create')));
    const dialog = screen.getByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByTestId('key-signing-secret').textContent).toBe('cfs_SiGnInG0123456789');
    expect(within(dialog).getByRole('button', { name: 'Copy signing secret' })).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('key-secret-done'));
    expect(screen.queryByText('cfs_SiGnInG0123456789')).toBeNull();
  });

  it('issue 24: key creation after the step-up window asks for the password and retries; cancelling keeps the typed name', async () => {
    const api = fakeKeysApi([]);
    const refusal = () => Promise.reject(ApiError.of('ERR_STEP_UP_REQUIRED', 'again', { details: { twoFactorRequired: true } }));
    api.generateApiKey.mockImplementationOnce(refusal).mockImplementationOnce(refusal);
    await act(async () => void renderPage(pages.ProfileKeys, signedIn({ api, path: '/profile/keys' })));
    await screen.findByTestId('keys-table');
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'bot' } });
    await act(async () => void fireEvent.click(screen.getByTestId('key-create')));
    let dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    await act(async () => void fireEvent.click(within(dialog).getByTestId('step-up-cancel')));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Key name') as HTMLInputElement).value).toBe('bot');
    expect(api.stepUp).not.toHaveBeenCalled();

    await act(async () => void fireEvent.click(screen.getByTestId('key-create')));
    dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.change(within(dialog).getByLabelText('Authenticator code'), { target: { value: '123456' } });
    await act(async () => void fireEvent.click(within(dialog).getByTestId('step-up-submit')));
    expect(api.stepUp).toHaveBeenCalledWith({ body: { password: 'pw', twoFactorCode: '123456' } });
    expect(api.generateApiKey).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('dialog', { name: 'Your new API key' })).toBeTruthy();
  });

  it('issue 24: an unconfirmed email says why keys cannot be created, instead of the form', async () => {
    const confirmEmail = jest.fn(async () => null);
    const api = fakeKeysApi();
    await act(async () => void renderPage(pages.ProfileKeys, accountHost({ api, path: '/profile/keys', account: { emailConfirmed: false }, confirmEmail })));
    const notice = await screen.findByTestId('email-unconfirmed');
    expect(notice.textContent).toContain('API keys work only for an account with a confirmed email.');
    expect(screen.queryByTestId('key-create-form')).toBeNull();
    expect(screen.getByTestId('key-row')).toBeTruthy();
    await act(async () => void fireEvent.click(within(notice).getByTestId('email-confirm')));
    expect(confirmEmail).toHaveBeenCalledWith('a@b.co');
    expect(screen.getByTestId('email-unconfirmed')).toBeTruthy();
  });

  it('issue 24: a key suspended by a password reset is marked and resumed (in Russian)', async () => {
    const api = fakeKeysApi([apiKey('k1', { name: 'bot', suspended: true })]);
    const host = signedIn({ lng: 'ru', api, path: '/profile/keys' });
    const notify = jest.spyOn(host, 'notify').mockImplementation(() => undefined);
    await act(async () => void renderPage(pages.ProfileKeys, host));
    const row = await screen.findByTestId('key-row');
    expect(row.getAttribute('data-suspended')).toBe('true');
    expect(within(row).getByTestId('key-state').textContent).toBe('Приостановлен');
    await act(async () => void fireEvent.click(within(row).getByRole('button', { name: 'Возобновить bot' })));
    expect(api.resumeApiKey).toHaveBeenCalledWith({ body: { id: 'k1' } });
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'API-ключ и его вебхуки снова работают.', timeout: 3000 });
    expect(screen.getByTestId('key-row').getAttribute('data-suspended')).toBe('false');
    expect(screen.queryByTestId('key-resume')).toBeNull();
  });

  it('issue 24: "require signatures" is set per key from its edit dialog', async () => {
    const api = fakeKeysApi();
    await act(async () => void renderPage(pages.ProfileKeys, signedIn({ api, path: '/profile/keys' })));
    await screen.findByTestId('key-row');
    fireEvent.click(screen.getByRole('button', { name: 'Edit bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit bot' });
    fireEvent.click(within(dialog).getByLabelText('Require signatures: refuse unsigned requests made with this key'));
    await act(async () => void fireEvent.click(within(dialog).getByTestId('key-edit-save')));
    expect(api.updateApiKey).toHaveBeenCalledWith({ body: { apiId: 'k1', name: 'bot', whiteListIp: [], isActive: true, signatureRequired: true } });
    expect(screen.getByTestId('key-signature-required').textContent).toBe('Signed requests only');
  });
});
