import { ApiError } from 'shared-contracts';
import { ApiKeysStore, isIpEntry, parseIpList } from './ApiKeysStore';
import { fakeKeysApi } from './fakes';

describe('IP allow-list entries', () => {
  it.each([
    ['192.0.2.10', true],
    ['10.0.0.0/8', true],
    ['2001:db8::1', true],
    ['2001:db8::/32', true],
    ['::1', true],
    ['256.1.1.1', false],
    ['10.0.0.0/33', false],
    ['1.2.3', false],
    ['example.com', false],
    ['1::2::3', false],
    ['1.2.3.4/8/8', false],
  ])('%s → %s', (entry, ok) => expect(isIpEntry(entry)).toBe(ok));

  it('commas, spaces and new lines separate entries', () => {
    expect(parseIpList(' 1.2.3.4, 10.0.0.0/8\n::1 ,, ')).toEqual(['1.2.3.4', '10.0.0.0/8', '::1']);
  });
});

describe('ApiKeysStore', () => {
  function store(api = fakeKeysApi(), authorised = true) {
    const notify = jest.fn();
    const s = new ApiKeysStore({
      api: api as never,
      isAuthorised: () => authorised,
      notify,
      t: (k) => `[${k}]`,
      stepUp: { run: (call) => call() },
      emailNotConfirmed: jest.fn(),
    });
    return { s, api, notify };
  }

  it('§5: a guest sends nothing', async () => {
    const { s, api } = store(fakeKeysApi(), false);
    await s.load();
    expect(await s.create('x')).toBe(false);
    expect(await s.remove('k1')).toBe(false);
    expect(api.listApiKeys).not.toHaveBeenCalled();
    expect(api.generateApiKey).not.toHaveBeenCalled();
    expect(api.deleteApiKey).not.toHaveBeenCalled();
  });

  it('create keeps the secret until its dialog closes; the list reloads after every operation (§7)', async () => {
    const { s, api } = store();
    await s.load();
    expect(await s.create('  trading bot ')).toBe(true);
    expect(api.generateApiKey).toHaveBeenCalledWith({ body: { name: 'trading bot' } });
    expect(s.created?.secret).toBe('cfk_SeCrEt0123456789');
    expect(s.keys.map((k) => k.name)).toContain('trading bot');
    s.forgetSecret();
    expect(s.created).toBeNull();
    await s.setActive(s.keys[0], false);
    expect(api.listApiKeys).toHaveBeenCalledTimes(3);
  });

  it('§8: a failed create or update reloads the list silently; delete says how it went for 3000 ms', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeKeysApi();
    api.generateApiKey.mockImplementationOnce(async () => Promise.reject(ApiError.of('ERR_VALIDATION', 'too many keys')));
    const { s, notify } = store(api);
    await s.load();
    expect(await s.create('x')).toBe(false);
    expect(await s.update({ apiId: 'nope', name: 'n', whiteListIp: [], isActive: true })).toBe(false);
    expect(api.listApiKeys).toHaveBeenCalledTimes(3);
    expect(notify).not.toHaveBeenCalled();
    expect(await s.remove('k1')).toBe(true);
    expect(notify).toHaveBeenLastCalledWith({ type: 'success', message: '[key_page_delete_key_success]', timeout: 3000 });
    api.deleteApiKey.mockImplementationOnce(async () => Promise.reject(ApiError.of('ERR_NOT_FOUND', 'x')));
    expect(await s.remove('k1')).toBe(false);
    expect(notify).toHaveBeenLastCalledWith({ type: 'error', message: '[main_error]', timeout: 3000 });
    expect(api.listApiKeys).toHaveBeenCalledTimes(5);
    warn.mockRestore();
  });
});
