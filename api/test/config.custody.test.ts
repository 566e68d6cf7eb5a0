// Issue 28: the custody settings. The api takes a real EVM chain only with everything it needs, only an extended PUBLIC
// key, and refuses to start when handed any of the signer's secrets — never repeating their values.
import { loadConfig } from '../src/config';

const XPUB = 'xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz';
const evm = {
  CUSTODY_ADAPTER: 'evm',
  EVM_RPC_URL: 'http://127.0.0.1:8545',
  EVM_CHAIN_ID: '31337',
  EVM_DEPOSIT_XPUB: XPUB,
  EVM_TOKENS: 'usdterc20:0xdAC17F958D2ee523a2206206994597C13D831ec7,usdcerc20:0xA0b86991c6218b36c1d19D4a2E9Eb0cE3606eB48',
  SIGNER_URL: 'http://127.0.0.1:8600',
  SIGNER_TOKEN: 't'.repeat(40),
};

describe('custody configuration (issue 28)', () => {
  it('defaults to the sandbox chain', () => {
    expect(loadConfig({}).evmCustody).toBeNull();
  });

  it('reads the EVM chain, its coin and tokens, and the signer', () => {
    expect(loadConfig(evm).evmCustody).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: 31337,
      depositXpub: XPUB,
      nativeSlug: 'eth',
      tokens: [
        { slug: 'usdterc20', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
        { slug: 'usdcerc20', contract: '0xA0b86991c6218b36c1d19D4a2E9Eb0cE3606eB48' },
      ],
      pollMs: 4000,
      signerUrl: 'http://127.0.0.1:8600',
      signerToken: 't'.repeat(40),
    });
  });

  it('names what is missing', () => {
    const { EVM_DEPOSIT_XPUB: _x, SIGNER_TOKEN: _t, ...partial } = evm;
    expect(() => loadConfig(partial)).toThrow(/EVM_DEPOSIT_XPUB, SIGNER_TOKEN: required with CUSTODY_ADAPTER=evm/);
  });

  it('refuses an extended private key where the public one goes, without repeating it', () => {
    const xprv = `xprv${XPUB.slice(4)}`;
    let message = '';
    try {
      loadConfig({ ...evm, EVM_DEPOSIT_XPUB: xprv });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/EVM_DEPOSIT_XPUB: an extended public key/);
    expect(message).not.toContain(xprv);
  });

  it.each(['SIGNER_HOT_KEY', 'SIGNER_HOT_KEY_FILE', 'SIGNER_DEPOSIT_XPRV', 'SIGNER_DEPOSIT_XPRV_FILE', 'SIGNER_ADMIN_TOKEN'])(
    'refuses to start when handed the signer-only %s (sandbox chain or not), without repeating its value',
    (name) => {
      const secret = `0x${'ab'.repeat(32)}`;
      for (const env of [{ [name]: secret }, { ...evm, [name]: secret }]) {
        let message = '';
        try {
          loadConfig(env);
        } catch (err) {
          message = (err as Error).message;
        }
        expect(message).toContain(name);
        expect(message).not.toContain(secret);
      }
    },
  );

  it('in production, reaches the signer only on loopback or over https', () => {
    const prod = {
      ...evm,
      NODE_ENV: 'production',
      SANDBOX_MODE: 'true',
      JWT_SECRET: 'j'.repeat(40),
      DATA_ENCRYPTION_KEY: 'd'.repeat(40),
    };
    expect(() => loadConfig(prod)).not.toThrow();
    expect(() => loadConfig({ ...prod, SANDBOX_MODE: 'false', SIGNER_URL: 'http://10.0.0.5:8600' })).toThrow(
      /SIGNER_URL: the signer is reached on the loopback/,
    );
  });
});
