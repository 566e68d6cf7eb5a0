// The stack of `pnpm test:chain` (issue 28): anvil with USDT and USDC (6 decimals), the signer and the api (CUSTODY_ADAPTER=evm)
// as child processes on free ports, PGlite and the signer's journal in a temp dir. Optionally web in front of the api
// when the production build exists. Every process is killed by stop() and, failing that, when the test process exits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSignerClient, type SignerClient } from 'signer/client';
import { blockNumber, freePort, type RunningAnvil, setBalance, startAnvil } from '../../src/anvil';
import { deployErc20, mintErc20 } from '../../src/erc20';
import { type TestCustodyKeys, testCustodyKeys } from '../../src/keys';
import { workspaceRoot } from '../../src/workspaceRoot';
import { ChildService } from './childService';

const ROOT = workspaceRoot();
const HOST = '127.0.0.1';

/** Base units of a 6-decimals token. */
export const usd6 = (whole: number) => BigInt(whole) * 1_000_000n;

/**
 * The signer's limits: every normal payout of the suite (≈ 0.05 ETH → ≈ 160 USDT, ≈ 100 USDT → ≈ 0.03 ETH) passes,
 * a USDT payout over 500 USDT is held for review.
 */
export const SIGNER_LIMITS = (usdt: string, usdc: string) => ({
  native: { perPayout: (10n ** 18n).toString(), perDay: (20n * 10n ** 18n).toString() },
  [usdt.toLowerCase()]: { perPayout: usd6(500).toString(), perDay: usd6(20_000).toString() },
  [usdc.toLowerCase()]: { perPayout: usd6(500).toString(), perDay: usd6(20_000).toString() },
});

export interface CustodyStack {
  anvil: RunningAnvil;
  keys: TestCustodyKeys;
  usdt: `0x${string}`;
  usdc: `0x${string}`;
  /** Anvil account 0: deployed (and owns) the tokens. */
  tokenOwner: RunningAnvil['accounts'][number];
  api: ChildService;
  apiUrl: string;
  signer: ChildService;
  signerUrl: string;
  signerClient: SignerClient;
  /** Starts (or restarts) the signer on its port with the same journal; `extraEnv` e.g. SIGNER_FAULT. */
  startSigner(extraEnv?: NodeJS.ProcessEnv): Promise<void>;
  /** web in front of the api, or null when the production build (shell and remotes' dist) is missing. */
  startWeb(): Promise<{ url: string } | null>;
  dir: string;
  stop(): Promise<void>;
}

/** Our environment minus anything that would point a child at other servers or hand it a key. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST };
  delete env.JEST_WORKER_ID;
  delete env.JEST_CHAIN;
  for (const key of Object.keys(env)) {
    if (/^(SIGNER_|EVM_|CUSTODY_|DATABASE_|REDIS_|PGLITE_|API_|WEB_|REMOTE_)/.test(key) || key === 'PORT' || key === 'PUBLIC_ORIGIN') delete env[key];
  }
  return env;
}

export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined | null | false>, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${(last as Error).message})` : ''}`);
}

async function waitForHttp(service: ChildService, url: string, timeoutMs: number, init?: RequestInit): Promise<void> {
  await waitFor(`${service.name} answering ${url}`, timeoutMs, async () => {
    if (!service.running) throw new Error(`${service.name} exited (${JSON.stringify(service.exitStatus)}):\n${service.tail()}`);
    const res = await fetch(url, init);
    return res.ok;
  }).catch((err: Error) => {
    throw new Error(`${err.message}\n── ${service.name} log:\n${service.tail()}`);
  });
}

export async function startCustodyStack(): Promise<CustodyStack> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-test-'));
  const services: ChildService[] = [];
  let anvil: RunningAnvil | undefined;
  const stop = async () => {
    for (const s of [...services].reverse()) await s.kill9();
    await anvil?.stop();
    if (process.env.CHAIN_TEST_KEEP_LOGS !== '1') fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    anvil = await startAnvil();
    const keys = testCustodyKeys();
    const [tokenOwner] = anvil.accounts;
    const rpcUrl = anvil.rpcUrl;
    const usdt = await deployErc20({ rpcUrl, privateKey: tokenOwner.privateKey, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
    const usdc = await deployErc20({ rpcUrl, privateKey: tokenOwner.privateKey, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    // The hot wallet: ETH for payouts and gas, both tokens for token payouts.
    await setBalance(rpcUrl, keys.hotWallet, 100n * 10n ** 18n);
    await mintErc20({ rpcUrl, privateKey: tokenOwner.privateKey, contract: usdt, to: keys.hotWallet, amount: usd6(100_000) });
    await mintErc20({ rpcUrl, privateKey: tokenOwner.privateKey, contract: usdc, to: keys.hotWallet, amount: usd6(100_000) });
    const startBlock = await blockNumber(rpcUrl);

    const env = baseEnv();
    const signerPort = await freePort();
    const signerUrl = `http://${HOST}:${signerPort}`;
    const signer = new ChildService({
      name: 'signer',
      args: ['--import', 'tsx', 'src/main.ts'],
      cwd: path.join(ROOT, 'signer'),
      env: {
        ...env,
        NODE_ENV: 'test',
        SIGNER_HOST: HOST,
        SIGNER_PORT: String(signerPort),
        SIGNER_TOKEN: keys.signerToken,
        SIGNER_HOT_KEY: keys.hotKey,
        SIGNER_DEPOSIT_XPRV: keys.depositXprv,
        SIGNER_RPC_URL: rpcUrl,
        SIGNER_CHAIN_ID: String(anvil.chainId),
        SIGNER_JOURNAL: path.join(dir, 'signer-journal.ndjson'),
        SIGNER_LIMITS: JSON.stringify(SIGNER_LIMITS(usdt, usdc)),
      },
      logFile: path.join(dir, 'signer.log'),
    });
    services.push(signer);
    const signerClient = createSignerClient({ url: signerUrl, token: keys.signerToken, timeoutMs: 10_000 });
    const startSigner = async (extraEnv: NodeJS.ProcessEnv = {}) => {
      await signer.kill9();
      signer.start(extraEnv);
      await waitForHttp(signer, `${signerUrl}/v1/health`, 60_000, { headers: { authorization: `Bearer ${keys.signerToken}` } });
    };
    await startSigner();

    const apiPort = await freePort();
    const apiUrl = `http://${HOST}:${apiPort}`;
    const api = new ChildService({
      name: 'api',
      args: ['--import', 'tsx', 'src/main.ts'],
      cwd: path.join(ROOT, 'api'),
      // The api's whole environment: the deposit xpub and the signer's URL and token, never a private key.
      env: {
        ...env,
        NODE_ENV: 'test',
        API_PORT: String(apiPort),
        PGLITE_DIR: path.join(dir, 'pglite'),
        SANDBOX_MODE: 'true',
        MARKET_ADAPTER: 'sandbox',
        LOG_LEVEL: 'warn',
        METRICS_PORT: 'off',
        TICK_INTERVAL_MS: '500',
        CONFIRMATION_INTERVAL_MS: '300',
        NO_KYC_THRESHOLD_USD: '100000',
        ARGON2_MEMORY_KIB: '256',
        ARGON2_TIME_COST: '1',
        JWT_SECRET: 'chain-test-secret-'.padEnd(48, 'x'),
        HTTP_RATE_LIMITS: 'orderCreate=100000',
        KYC_STORAGE_DIR: path.join(dir, 'kyc'),
        CUSTODY_ADAPTER: 'evm',
        EVM_RPC_URL: rpcUrl,
        EVM_CHAIN_ID: String(anvil.chainId),
        EVM_DEPOSIT_XPUB: keys.depositXpub,
        EVM_NATIVE_INSTRUMENT: 'eth',
        EVM_TOKENS: `usdterc20:${usdt},usdcerc20:${usdc}`,
        EVM_POLL_MS: '300',
        EVM_START_BLOCK: String(startBlock),
        SIGNER_URL: signerUrl,
        SIGNER_TOKEN: keys.signerToken,
      },
      logFile: path.join(dir, 'api.log'),
    });
    services.push(api);
    api.start();
    await waitForHttp(api, `${apiUrl}/api/v1/healthz`, 180_000);

    const startWeb = async () => {
      if (!productionBuildExists()) return null;
      const webPort = await freePort();
      const url = `http://${HOST}:${webPort}`;
      const web = new ChildService({
        name: 'web',
        args: ['--import', 'tsx', 'src/main.ts'],
        cwd: path.join(ROOT, 'web'),
        env: { ...env, NODE_ENV: 'test', WEB_PORT: String(webPort), API_URL: apiUrl, PUBLIC_ORIGIN: url, WEB_METRICS_PORT: '0', LOG_LEVEL: 'warn' },
        logFile: path.join(dir, 'web.log'),
      });
      services.push(web);
      web.start();
      await waitFor('web serving', 120_000, async () => {
        if (!web.running) throw new Error(`web exited:\n${web.tail()}`);
        return (await fetch(url)).status < 500;
      });
      return { url };
    };

    return { anvil, keys, usdt, usdc, tokenOwner, api, apiUrl, signer, signerUrl, signerClient, startSigner, startWeb, dir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `pnpm build`'s outputs web serves: the shell's and every remote's (scripts/build.mjs). */
export function productionBuildExists(): boolean {
  // The one list of remotes (shared-contracts/remotes.cjs); read as data so this file stays free of that package.
  const remoteDirs = fs.readdirSync(ROOT).filter((d) => d.startsWith('mfe-') && fs.existsSync(path.join(ROOT, d, 'package.json')));
  return (
    fs.existsSync(path.join(ROOT, 'shell', 'dist', 'index.html')) &&
    fs.existsSync(path.join(ROOT, 'shell', 'dist', 'server', 'main.js')) &&
    remoteDirs.every(
      (d) => fs.existsSync(path.join(ROOT, d, 'dist', 'mf-manifest.json')) && fs.existsSync(path.join(ROOT, d, 'dist', 'server', 'remoteEntry.js')),
    )
  );
}
