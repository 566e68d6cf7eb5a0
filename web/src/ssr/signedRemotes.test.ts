import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebServer } from '../main';
import { createWebMetrics } from '../observability/metrics';
import { isProductionWeb, loadRemoteTrust } from './signedRemotes';

const publicPem = () => generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
const rawBase64 = () => Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');
const NAMES = ['MFE_EXCHANGE', 'MFE_ORDER', 'MFE_PROFILE', 'MFE_BLOG', 'MFE_DOCS'];
const PROD = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://exchange.example' };
const allKeys = () => Object.fromEntries(NAMES.map((n) => [`REMOTE_${n}_PUBLIC_KEY`, rawBase64()]));
const devKeyFile = () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'web-trust-')), 'dev.pub.pem');
  writeFileSync(file, publicPem());
  return file;
};

describe('isProductionWeb', () => {
  it('production: NODE_ENV=production on an https site, unless SANDBOX_MODE=true', () => {
    expect(isProductionWeb(PROD)).toBe(true);
    expect(isProductionWeb({ ...PROD, SANDBOX_MODE: 'true' })).toBe(false);
    expect(isProductionWeb({ ...PROD, PUBLIC_ORIGIN: 'http://localhost:8080' })).toBe(false);
    expect(isProductionWeb({ PUBLIC_ORIGIN: PROD.PUBLIC_ORIGIN })).toBe(false);
  });
});

describe('loadRemoteTrust', () => {
  it('production refuses to start without a key for every remote', () => {
    const env = { ...PROD, ...allKeys() };
    delete (env as Record<string, string | undefined>).REMOTE_MFE_BLOG_PUBLIC_KEY;
    expect(() => loadRemoteTrust(env, { devPublicKeyFile: devKeyFile() })).toThrow(/REMOTE_MFE_BLOG_PUBLIC_KEY is required in production/);
    // with server rendering off web runs no remote code: no key needed
    expect(loadRemoteTrust({ ...env, SSR: 'off' }).production).toBe(true);
  });

  it('production trusts the configured keys only (PEM or raw base64, two during a rotation), never the dev key', () => {
    const pemPair = `${publicPem()}\n${publicPem()}`;
    const trust = loadRemoteTrust({ ...PROD, ...allKeys(), REMOTE_MFE_DOCS_PUBLIC_KEY: pemPair }, { devPublicKeyFile: devKeyFile() });
    expect(trust.production).toBe(true);
    expect(trust.keys.get('mfe_blog')).toHaveLength(1);
    expect(trust.keys.get('mfe_docs')).toHaveLength(2);
  });

  it('outside production the dev key is trusted for every remote, beside configured keys', () => {
    const trust = loadRemoteTrust(
      { NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://localhost:8080', REMOTE_MFE_BLOG_PUBLIC_KEY: rawBase64() },
      { devPublicKeyFile: devKeyFile() },
    );
    expect(trust.production).toBe(false);
    expect(trust.keys.get('mfe_blog')).toHaveLength(2);
    expect(trust.keys.get('mfe_order')).toHaveLength(1);
  });

  it('a key that is not an Ed25519 public key refuses the start', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(() => loadRemoteTrust({ REMOTE_MFE_BLOG_PUBLIC_KEY: 'c2hvcnQ=' })).toThrow(/REMOTE_MFE_BLOG_PUBLIC_KEY: not an Ed25519 public key/);
    expect(() => loadRemoteTrust({ REMOTE_MFE_BLOG_PUBLIC_KEY: rsa })).toThrow(/REMOTE_MFE_BLOG_PUBLIC_KEY: not an Ed25519 public key \(rsa\)/);
  });

  it('production refuses a remote URL on plain http off loopback (browser or server side); loopback http is fine', () => {
    const keys = allKeys();
    expect(() => loadRemoteTrust({ ...PROD, ...keys, REMOTE_MFE_BLOG_SERVER_URL: 'http://mfe-blog:8084' })).toThrow(
      /REMOTE_MFE_BLOG_SERVER_URL: "http:\/\/mfe-blog:8084" is plain http off loopback: use https/,
    );
    expect(() => loadRemoteTrust({ ...PROD, ...keys, REMOTE_MFE_ORDER_URL: 'http://cdn.example/order' })).toThrow(/REMOTE_MFE_ORDER_URL/);
    expect(() => loadRemoteTrust({ ...PROD, ...keys, REMOTE_MFE_ORDER_URL: 'ftp://cdn.example/order' })).toThrow(/is not http\(s\): use https/);
    const ok = loadRemoteTrust({
      ...PROD,
      ...keys,
      REMOTE_MFE_BLOG_URL: 'https://blog.static.example',
      REMOTE_MFE_BLOG_SERVER_URL: 'http://127.0.0.1:8084',
      REMOTE_MFE_ORDER_SERVER_URL: 'http://localhost:8082',
      REMOTE_MFE_DOCS_SERVER_URL: 'http://[::1]:8085',
    });
    expect(ok.warnings).toEqual([]);
  });

  it('outside production an http remote off loopback (a compose network) is accepted with a warning', () => {
    const trust = loadRemoteTrust(
      { NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://localhost:8080', REMOTE_MFE_BLOG_SERVER_URL: 'http://mfe-blog:8084' },
      { devPublicKeyFile: devKeyFile() },
    );
    expect(trust.warnings).toEqual([
      expect.stringContaining('REMOTE_MFE_BLOG_SERVER_URL: "http://mfe-blog:8084" is plain http off loopback (accepted outside production'),
    ]);
  });
});

describe('web', () => {
  it('refuses to start in production with a remote on plain http off loopback, or without its key', async () => {
    const distDir = mkdtempSync(path.join(os.tmpdir(), 'web-trust-dist-'));
    await expect(buildWebServer({ distDir, env: { ...PROD, ...allKeys(), REMOTE_MFE_BLOG_URL: 'http://blog.cdn.example' } })).rejects.toThrow(
      /REMOTE_MFE_BLOG_URL: "http:\/\/blog.cdn.example" is plain http off loopback: use https/,
    );
    await expect(buildWebServer({ distDir, env: PROD })).rejects.toThrow(/REMOTE_MFE_EXCHANGE_PUBLIC_KEY is required in production/);
    const app = await buildWebServer({ distDir, env: { ...PROD, ...allKeys() } });
    await app.close();
  });

  it('counts refused server code by remote (web_ssr_remote_code_refused_total)', async () => {
    const metrics = createWebMetrics();
    metrics.remoteCodeRefused('mfe_blog');
    expect(await metrics.render()).toContain('web_ssr_remote_code_refused_total{remote="mfe_blog"} 1');
  });
});
