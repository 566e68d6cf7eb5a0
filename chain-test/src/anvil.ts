// A real local EVM chain for tests (issue 28): the workspace's own anvil binary on a free port, its default funded
// accounts, and the few anvil_* RPC calls the tests need (mine, reorg, automine, balances).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { mnemonicToAccount } from 'viem/accounts';
import { workspaceRoot } from './workspaceRoot';

/** Anvil's built-in mnemonic: its default accounts are derived from it and funded with 10 000 ETH each. */
export const ANVIL_DEFAULT_MNEMONIC = 'test test test test test test test test test test test junk';
export const ANVIL_DEFAULT_CHAIN_ID = 31337;
const ANVIL_ACCOUNT_COUNT = 10;

export interface AnvilAccount {
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

export interface RunningAnvil {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** Anvil's default accounts (funded), index 0 first. */
  accounts: AnvilAccount[];
  /** The process id (for tests that look at processes); stop() ends it. */
  pid: number;
  stop(): Promise<void>;
}

export interface StartAnvilOptions {
  /** Mine a block every N seconds besides on each transaction; absent: a block per transaction (automine) only. */
  blockTimeSeconds?: number;
  chainId?: number;
  /** How long to wait for the node to answer eth_blockNumber (default 30 s: a busy 2-core machine). */
  readyTimeoutMs?: number;
}

/** The anvil executable: ANVIL_BIN, else the platform package's binary, else chain-test's node_modules/.bin wrapper. */
export function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const chainTestDir = path.join(workspaceRoot(), 'chain-test');
  try {
    // The platform package is a dependency of @foundry-rs/anvil (pnpm: resolvable from that package's real path).
    const fromChainTest = createRequire(path.join(chainTestDir, 'package.json'));
    const anvilPackageJson = fromChainTest.resolve('@foundry-rs/anvil/package.json');
    const fromAnvil = createRequire(anvilPackageJson);
    const platformPackageJson = fromAnvil.resolve(`@foundry-rs/anvil-${platformSuffix()}/package.json`);
    const binary = path.join(path.dirname(platformPackageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    if (existsSync(binary)) return binary;
  } catch {
    // fall through to the .bin wrapper
  }
  return path.join(chainTestDir, 'node_modules', '.bin', 'anvil');
}

function platformSuffix(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  return `${process.platform}-${arch}`;
}

/** A port nothing listens on right now (anvil does not accept port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function anvilDefaultAccounts(count = ANVIL_ACCOUNT_COUNT): AnvilAccount[] {
  return Array.from({ length: count }, (_, addressIndex) => {
    const account = mnemonicToAccount(ANVIL_DEFAULT_MNEMONIC, { addressIndex });
    const privateKey = account.getHdKey().privateKey;
    if (!privateKey) throw new Error('anvil default account without a private key');
    return { address: account.address, privateKey: `0x${Buffer.from(privateKey).toString('hex')}` };
  });
}

/** Starts anvil on a free port and resolves once it answers JSON-RPC. Call stop() in afterAll. */
export async function startAnvil(opts: StartAnvilOptions = {}): Promise<RunningAnvil> {
  let lastError: unknown;
  // A port found free can be taken before anvil binds it: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startAnvilOnce(opts);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function startAnvilOnce(opts: StartAnvilOptions): Promise<RunningAnvil> {
  const port = await freePort();
  const chainId = opts.chainId ?? ANVIL_DEFAULT_CHAIN_ID;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'];
  args.push('--accounts', String(ANVIL_ACCOUNT_COUNT));
  if (opts.blockTimeSeconds !== undefined) args.push('--block-time', String(opts.blockTimeSeconds));
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child, exited);
  try {
    await waitForRpc(rpcUrl, child, () => stderr, opts.readyTimeoutMs ?? 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { rpcUrl, port, chainId, accounts: anvilDefaultAccounts(), pid: child.pid ?? -1, stop };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

async function waitForRpc(rpcUrl: string, child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil exited (${child.exitCode ?? child.signalCode}) before answering: ${stderr().trim()}`);
    }
    try {
      await rpc(rpcUrl, 'eth_blockNumber', []);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`anvil at ${rpcUrl} did not answer eth_blockNumber within ${timeoutMs} ms`);
}

let rpcId = 0;

/** One JSON-RPC call; throws the node's error message when it answers one. */
export async function rpc<T = unknown>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`);
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`);
  return body.result as T;
}

const toHex = (n: number | bigint) => `0x${BigInt(n).toString(16)}`;

/** Mines `blocks` blocks now (anvil_mine). */
export async function mine(rpcUrl: string, blocks = 1): Promise<void> {
  await rpc(rpcUrl, 'anvil_mine', [toHex(blocks)]);
}

/**
 * Replaces the last `depth` blocks with as many new empty ones (anvil_reorg): transactions that were in them are gone
 * from the canonical chain (anvil does not put them back in the pool). The head's number stays the same.
 */
export async function reorg(rpcUrl: string, depth: number): Promise<void> {
  await rpc(rpcUrl, 'anvil_reorg', [depth, []]);
}

/** Automine on: a block per transaction; off: transactions wait in the pool until mine() (or the block time). */
export async function setAutomine(rpcUrl: string, on: boolean): Promise<void> {
  await rpc(rpcUrl, 'evm_setAutomine', [on]);
}

export async function blockNumber(rpcUrl: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, 'eth_blockNumber', []));
}

/** Sets an address's native balance (wei), e.g. to fund a test hot wallet. */
export async function setBalance(rpcUrl: string, address: `0x${string}`, wei: bigint): Promise<void> {
  await rpc(rpcUrl, 'anvil_setBalance', [address, toHex(wei)]);
}

export async function nativeBalance(rpcUrl: string, address: `0x${string}`): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']));
}

/** How many transactions the address has sent (its next nonce) on the latest block. */
export async function transactionCount(rpcUrl: string, address: `0x${string}`): Promise<number> {
  return Number(BigInt(await rpc<string>(rpcUrl, 'eth_getTransactionCount', [address, 'latest'])));
}
