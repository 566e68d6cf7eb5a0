import { readSignerConfig, SignerConfigError } from './config';

const hotKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const xprv = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
const base = {
  SIGNER_TOKEN: 'signer-token-0123456789abcdef0123456789',
  SIGNER_HOT_KEY: hotKey,
  SIGNER_RPC_URL: 'http://127.0.0.1:8545',
  SIGNER_CHAIN_ID: '31337',
  SIGNER_JOURNAL: '/tmp/signer.jsonl',
  SIGNER_LIMITS: '{"native":{"perPayout":"10","perDay":"20"}}',
};

function refusal(env: Record<string, string | undefined>, files: Record<string, string> = {}): string {
  try {
    readSignerConfig(env, (p) => {
      if (p in files) return files[p];
      throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    });
  } catch (err) {
    expect(err).toBeInstanceOf(SignerConfigError);
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('signer configuration', () => {
  it('reads a minimal environment with its defaults', () => {
    const config = readSignerConfig(base);
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8600,
      chainId: 31337,
      replaceAfterMs: 60_000,
      adminToken: null,
      depositXprv: null,
      fault: null,
      sweepGasTopup: null,
    });
    expect(config.limits.get('native')).toEqual({ perPayout: 10n, perDay: 20n });
  });

  it('reads keys from files, trimmed', () => {
    const config = readSignerConfig({ ...base, SIGNER_HOT_KEY: undefined, SIGNER_HOT_KEY_FILE: '/k', SIGNER_DEPOSIT_XPRV_FILE: '/x' }, (p) =>
      p === '/k' ? `${hotKey}\n` : `${xprv}\n`,
    );
    expect(config.hotKey).toBe(hotKey);
    expect(config.depositXprv).toBe(xprv);
  });

  it('refusals name the variable and never echo a secret', () => {
    const badKey = `0x${'zz'.repeat(32)}`;
    const messages = [
      refusal({ ...base, SIGNER_HOT_KEY: badKey }),
      refusal({ ...base, SIGNER_HOT_KEY: undefined }),
      refusal({ ...base, SIGNER_HOT_KEY_FILE: '/k' }, { '/k': hotKey }),
      refusal({ ...base, SIGNER_HOT_KEY: undefined, SIGNER_HOT_KEY_FILE: '/missing' }),
      refusal({ ...base, SIGNER_DEPOSIT_XPRV: `${xprv.slice(0, -1)}x` }),
      refusal({ ...base, SIGNER_TOKEN: 'short' }),
      refusal({ ...base, SIGNER_ADMIN_TOKEN: base.SIGNER_TOKEN }),
    ];
    expect(messages).toEqual([
      'SIGNER_HOT_KEY must be a 0x-prefixed 32-byte hex private key',
      'SIGNER_HOT_KEY or SIGNER_HOT_KEY_FILE is required',
      'set either SIGNER_HOT_KEY or SIGNER_HOT_KEY_FILE, not both',
      'SIGNER_HOT_KEY_FILE could not be read (ENOENT)',
      'SIGNER_DEPOSIT_XPRV is not a valid extended key',
      'SIGNER_TOKEN must be at least 32 characters',
      'SIGNER_ADMIN_TOKEN must differ from SIGNER_TOKEN',
    ]);
    for (const message of messages) {
      expect(message).not.toContain(hotKey.slice(2, 20));
      expect(message).not.toContain(badKey.slice(2, 20));
      expect(message).not.toContain(xprv.slice(4, 20));
      expect(message).not.toContain(base.SIGNER_TOKEN);
    }
  });

  it('refuses an xpub where the xprv belongs', () => {
    const xpub = 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
    expect(refusal({ ...base, SIGNER_DEPOSIT_XPRV: xpub })).toContain('PRIVATE');
  });

  it('listens only on loopback unless told otherwise', () => {
    expect(refusal({ ...base, SIGNER_HOST: '0.0.0.0' })).toContain('loopback');
    expect(readSignerConfig({ ...base, SIGNER_HOST: '0.0.0.0', SIGNER_ALLOW_REMOTE: 'true' }).host).toBe('0.0.0.0');
    expect(readSignerConfig({ ...base, SIGNER_HOST: '::1' }).host).toBe('::1');
  });

  it('takes the crash fault only outside production', () => {
    expect(readSignerConfig({ ...base, SIGNER_FAULT: 'crash-after-sign' }).fault).toBe('crash-after-sign');
    expect(refusal({ ...base, SIGNER_FAULT: 'crash-after-sign', NODE_ENV: 'production' })).toContain('production');
    expect(refusal({ ...base, SIGNER_FAULT: 'something' })).toContain('SIGNER_FAULT');
  });

  it('refuses malformed limits, chain id and RPC URL', () => {
    expect(refusal({ ...base, SIGNER_LIMITS: '{"native":{"perPayout":"x","perDay":"1"}}' })).toMatch(/^SIGNER_LIMITS: native.perPayout/);
    expect(refusal({ ...base, SIGNER_CHAIN_ID: 'one' })).toContain('SIGNER_CHAIN_ID');
    expect(refusal({ ...base, SIGNER_RPC_URL: 'ftp://node' })).toContain('SIGNER_RPC_URL');
  });
});
