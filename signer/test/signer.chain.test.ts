// The signer against a real local chain (anvil): payouts in ETH and ERC-20, idempotency, limits and release, a kill -9
// between journaling and broadcasting, replacement of a stuck transaction, and sweeps with the gas top-up.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  blockNumber,
  freePort,
  mine,
  nativeBalance,
  type RunningAnvil,
  reorg,
  rpc,
  setAutomine,
  setBalance,
  startAnvil,
  transactionCount,
} from 'chain-test/anvil';
import { deployErc20, erc20Balance, mintErc20, sendNative } from 'chain-test/erc20';
import { testCustodyKeys, testDepositAddress } from 'chain-test/keys';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSignerClient, type SignerClient, type SignerPayoutStatus } from '../src/client';
import { readSignerConfig } from '../src/config';
import type { JournalEntry } from '../src/journal/ledger';
import { createSigner, type Signer } from '../src/signer';

jest.setTimeout(120_000);

const ETH = 10n ** 18n;
const USDT = 10n ** 6n;
const keys = testCustodyKeys();
const adminToken = 'signer-admin-token-0123456789abcdef0123';

let anvil: RunningAnvil;
let usdt: `0x${string}`;
let dir: string;
const running: Signer[] = [];
const children: ChildProcess[] = [];

function signerEnv(journal: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SIGNER_HOST: '127.0.0.1',
    SIGNER_PORT: '0',
    SIGNER_TOKEN: keys.signerToken,
    SIGNER_ADMIN_TOKEN: adminToken,
    SIGNER_HOT_KEY: keys.hotKey,
    SIGNER_DEPOSIT_XPRV: keys.depositXprv,
    SIGNER_RPC_URL: anvil.rpcUrl,
    SIGNER_CHAIN_ID: String(anvil.chainId),
    SIGNER_JOURNAL: path.join(dir, journal),
    SIGNER_LIMITS: JSON.stringify({
      native: { perPayout: String(1n * ETH), perDay: String(50n * ETH) },
      [usdt.toLowerCase()]: { perPayout: String(500n * USDT), perDay: String(10_000n * USDT) },
    }),
    ...extra,
  };
}

async function startSigner(journal: string, extra: Record<string, string> = {}): Promise<{ signer: Signer; client: SignerClient; url: string }> {
  const signer = await createSigner(readSignerConfig(signerEnv(journal, extra)), { topupWaitMs: 5_000 });
  running.push(signer);
  const url = await signer.start();
  return { signer, client: createSignerClient({ url, token: keys.signerToken, timeoutMs: 20_000 }), url };
}

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mined = (client: SignerClient, key: string) =>
  until(`payout ${key} mined`, async () => {
    const status = await client.payoutStatus(key);
    return status?.status === 'mined' ? status : undefined;
  });

async function receiptOf(hash: string): Promise<{ from: string; status: string; blockNumber: string }> {
  return rpc(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash]);
}

function journalEntries(journal: string): JournalEntry[] {
  return readFileSync(path.join(dir, journal), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JournalEntry);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'signer-chain-'));
  anvil = await startAnvil();
  const owner = anvil.accounts[0];
  usdt = await deployErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
  await setBalance(anvil.rpcUrl, keys.hotWallet, 100n * ETH);
  await mintErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, contract: usdt, to: keys.hotWallet, amount: 5_000n * USDT });
});

afterEach(async () => {
  while (running.length > 0) await running.pop()?.stop();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('ETH payout: mined from the hot wallet with the exact amount', async () => {
  const { client, signer } = await startSigner('eth.jsonl');
  const to = freshAddress();
  const first = await client.payout({ idempotencyKey: 'eth-1', asset: { kind: 'native' }, to, amount: String(ETH / 4n) });
  expect(['sent', 'mined']).toContain(first.status);
  const status = await mined(client, 'eth-1');
  expect(status.txHash).toBe(first.txHash);
  expect(await nativeBalance(anvil.rpcUrl, to)).toBe(ETH / 4n);
  const receipt = await receiptOf(status.txHash as string);
  expect(receipt.from.toLowerCase()).toBe(keys.hotWallet.toLowerCase());
  expect(BigInt(receipt.blockNumber).toString()).toBe(status.blockNumber);

  const health = await client.health();
  expect(health).toMatchObject({ hotWallet: signer.hotWallet, chainId: anvil.chainId, pendingPayouts: 0, heldPayouts: 0 });
  expect(health.nonce).toBe(await transactionCount(anvil.rpcUrl, keys.hotWallet));
  expect(Object.keys(health.balances).sort()).toEqual(['native', usdt.toLowerCase()].sort());
});

test('ERC-20 payout: the token moves, not the coin', async () => {
  const { client } = await startSigner('erc20.jsonl');
  const to = freshAddress();
  await client.payout({ idempotencyKey: 'usdt-1', asset: { kind: 'erc20', contract: usdt }, to, amount: '123450000' });
  const status = await mined(client, 'usdt-1');
  expect(await erc20Balance(anvil.rpcUrl, usdt, to)).toBe(123_450_000n);
  expect(await nativeBalance(anvil.rpcUrl, to)).toBe(0n);
  expect(status.reason).toBeNull();
});

test('the same key twice is one transaction', async () => {
  const { client } = await startSigner('twice.jsonl');
  const to = freshAddress();
  const nonceBefore = await transactionCount(anvil.rpcUrl, keys.hotWallet);
  const request = { idempotencyKey: 'twice-1', asset: { kind: 'native' as const }, to, amount: '1000000000000000' };
  const [a, b] = await Promise.all([client.payout(request), client.payout(request)]);
  const c = await client.payout(request);
  expect(b.txHash).toBe(a.txHash);
  expect(c.txHash).toBe(a.txHash);
  await mined(client, 'twice-1');
  expect(await transactionCount(anvil.rpcUrl, keys.hotWallet)).toBe(nonceBefore + 1);
  expect(await nativeBalance(anvil.rpcUrl, to)).toBe(1_000_000_000_000_000n);
  await expect(client.payout({ ...request, amount: '2' })).rejects.toThrow(/409.*idempotency-conflict/);
});

test('over the limit: held, nothing sent; released by the admin route, then sent', async () => {
  const { client, url } = await startSigner('held.jsonl');
  const to = freshAddress();
  const nonceBefore = await transactionCount(anvil.rpcUrl, keys.hotWallet);
  const held = await client.payout({ idempotencyKey: 'big-1', asset: { kind: 'native' }, to, amount: String(2n * ETH) });
  expect(held).toEqual({ idempotencyKey: 'big-1', status: 'held', txHash: null, blockNumber: null, reason: 'over the per-payout limit' });
  expect((await client.health()).heldPayouts).toBe(1);
  expect(await transactionCount(anvil.rpcUrl, keys.hotWallet)).toBe(nonceBefore);

  const release = (token: string) => fetch(`${url}/v1/admin/payouts/big-1/release`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect((await release(keys.signerToken)).status).toBe(401);
  const released = await release(adminToken);
  expect(released.status).toBe(200);
  expect(['sent', 'mined']).toContain(((await released.json()) as SignerPayoutStatus).status);
  await mined(client, 'big-1');
  expect(await nativeBalance(anvil.rpcUrl, to)).toBe(2n * ETH);
  expect((await client.health()).heldPayouts).toBe(0);
});

test('a payout reorganised out of the chain goes out again as the same transaction', async () => {
  const { client } = await startSigner('reorg.jsonl');
  const to = freshAddress();
  const nonceBefore = await transactionCount(anvil.rpcUrl, keys.hotWallet);
  await client.payout({ idempotencyKey: 'reorg-1', asset: { kind: 'native' }, to, amount: '7000000000000000' });
  const before = await mined(client, 'reorg-1');
  expect(BigInt(before.blockNumber as string)).toBe(await blockNumber(anvil.rpcUrl));
  await reorg(anvil.rpcUrl, 1);
  expect(await nativeBalance(anvil.rpcUrl, to)).toBe(0n);
  expect(await rpc(anvil.rpcUrl, 'eth_getTransactionReceipt', [before.txHash])).toBeNull();
  // the status check finds no receipt and a node that forgot the transaction: it broadcasts the journaled bytes again
  const after = await mined(client, 'reorg-1');
  expect(after.txHash).toBe(before.txHash);
  expect(await nativeBalance(anvil.rpcUrl, to)).toBe(7_000_000_000_000_000n);
  expect(await transactionCount(anvil.rpcUrl, keys.hotWallet)).toBe(nonceBefore + 1);
});

test('kill -9 after signing, before broadcasting: after a restart exactly one transaction goes out', async () => {
  const journal = 'crash.jsonl';
  const to = freshAddress();
  const nonceBefore = await transactionCount(anvil.rpcUrl, keys.hotWallet);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const client = createSignerClient({ url, token: keys.signerToken, timeoutMs: 20_000 });

  const spawnSigner = async (extra: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        ...signerEnv(journal, { SIGNER_PORT: String(port), SIGNER_LOG_LEVEL: 'warn', ...extra }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    await until(
      'the signer ready line',
      async () => {
        if (child.exitCode !== null) throw new Error(`signer exited: ${output}`);
        return output.includes('signer listening on') ? true : undefined;
      },
      60_000,
    );
    expect(output).toContain(`signer listening on ${url} hot wallet ${keys.hotWallet}`);
    expect(output).not.toContain(keys.hotKey.slice(2));
    expect(output).not.toContain(keys.signerToken);
    return { child, exited, output: () => output };
  };

  const request = { idempotencyKey: 'crash-1', asset: { kind: 'native' as const }, to, amount: String(ETH / 10n) };
  const faulty = await spawnSigner({ SIGNER_FAULT: 'crash-after-sign' });
  await expect(client.payout(request)).rejects.toThrow();
  expect(await faulty.exited).toBe('SIGKILL');
  const signed = journalEntries(journal).filter((e) => e.type === 'payout-signed');
  expect(signed).toHaveLength(1);
  // signed and journaled, never broadcast
  expect(await transactionCount(anvil.rpcUrl, keys.hotWallet)).toBe(nonceBefore);
  expect(await nativeBalance(anvil.rpcUrl, to)).toBe(0n);

  const healthy = await spawnSigner({});
  const again = await client.payout(request);
  expect(again.txHash).toBe(signed[0].type === 'payout-signed' ? signed[0].tx.hash : null);
  await mined(client, 'crash-1');
  await client.payout(request);
  expect(await transactionCount(anvil.rpcUrl, keys.hotWallet)).toBe(nonceBefore + 1);
  expect(await nativeBalance(anvil.rpcUrl, to)).toBe(ETH / 10n);
  expect(journalEntries(journal).filter((e) => e.type === 'payout-signed')).toHaveLength(1);
  expect(healthy.output()).not.toContain(keys.hotKey.slice(2));
  healthy.child.kill('SIGTERM');
  expect(await healthy.exited).toBe(0);
});

test('a bad configuration stops the start with a message naming the variable, never the value', async () => {
  const badKey = `0x${'ab'.repeat(31)}zz`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(__dirname, '..'),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...signerEnv('never.jsonl', { SIGNER_HOT_KEY: badKey }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  expect(code).toBe(1);
  expect(output.trim()).toBe('signer: SIGNER_HOT_KEY must be a 0x-prefixed 32-byte hex private key');
});

test('a stuck payout is replaced at the same nonce with higher fees; the replacement is what gets mined', async () => {
  await setAutomine(anvil.rpcUrl, false);
  try {
    const journal = 'replace.jsonl';
    const { client } = await startSigner(journal, { SIGNER_REPLACE_AFTER_MS: '300' });
    const to = freshAddress();
    const first = await client.payout({ idempotencyKey: 'stuck-1', asset: { kind: 'native' }, to, amount: '5000000000000000' });
    expect(first.status).toBe('sent');
    const replaced = await until('a replacement', async () => {
      const status = await client.payoutStatus('stuck-1');
      return status && status.txHash !== first.txHash ? status : undefined;
    });
    expect(replaced.status).toBe('sent');
    const signed = journalEntries(journal).flatMap((e) => (e.type === 'payout-signed' && e.key === 'stuck-1' ? [e] : []));
    expect(signed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(signed.map((e) => e.tx.nonce)).size).toBe(1);
    expect(signed[1].replacement).toBe(true);
    expect(BigInt(signed[1].tx.maxFeePerGas) * 1000n).toBeGreaterThanOrEqual(BigInt(signed[0].tx.maxFeePerGas) * 1125n);
    expect(BigInt(signed[1].tx.maxPriorityFeePerGas) * 1000n).toBeGreaterThanOrEqual(BigInt(signed[0].tx.maxPriorityFeePerGas) * 1125n);

    await mine(anvil.rpcUrl, 1);
    const status = await mined(client, 'stuck-1');
    expect(status.txHash).not.toBe(first.txHash);
    expect(signed.map((e) => e.tx.hash).concat(journalEntries(journal).flatMap((e) => (e.type === 'payout-signed' ? [e.tx.hash] : [])))).toContain(
      status.txHash,
    );
    expect(await rpc(anvil.rpcUrl, 'eth_getTransactionReceipt', [first.txHash])).toBeNull();
    expect(await nativeBalance(anvil.rpcUrl, to)).toBe(5_000_000_000_000_000n);
  } finally {
    await setAutomine(anvil.rpcUrl, true);
  }
});

test('sweeps: an ERC-20 deposit with the gas top-up, a native deposit, and an empty address', async () => {
  const { client } = await startSigner('sweeps.jsonl');
  const owner = anvil.accounts[0];

  const tokenDeposit = testDepositAddress(keys.depositXpub, 5);
  await mintErc20({ rpcUrl: anvil.rpcUrl, privateKey: owner.privateKey, contract: usdt, to: tokenDeposit, amount: 50n * USDT });
  expect(await nativeBalance(anvil.rpcUrl, tokenDeposit)).toBe(0n);
  const hotTokensBefore = await erc20Balance(anvil.rpcUrl, usdt, keys.hotWallet);
  const swept = await client.sweep({ idempotencyKey: 'sweep-usdt-5', derivationIndex: 5, asset: { kind: 'erc20', contract: usdt } });
  expect(swept.txHashes).toHaveLength(2);
  const [topup, transfer] = swept.txHashes;
  expect((await receiptOf(topup)).from.toLowerCase()).toBe(keys.hotWallet.toLowerCase());
  expect((await receiptOf(transfer)).from.toLowerCase()).toBe(tokenDeposit.toLowerCase());
  const sweptDone = await until('the token sweep mined', async () => {
    const status = await client.sweep({ idempotencyKey: 'sweep-usdt-5', derivationIndex: 5, asset: { kind: 'erc20', contract: usdt } });
    return status.status === 'mined' ? status : undefined;
  });
  expect(sweptDone.txHashes).toEqual(swept.txHashes);
  expect(await erc20Balance(anvil.rpcUrl, usdt, tokenDeposit)).toBe(0n);
  expect(await erc20Balance(anvil.rpcUrl, usdt, keys.hotWallet)).toBe(hotTokensBefore + 50n * USDT);

  const coinDeposit = testDepositAddress(keys.depositXpub, 6);
  await sendNative({ rpcUrl: anvil.rpcUrl, privateKey: anvil.accounts[1].privateKey, to: coinDeposit, value: ETH / 2n });
  const hotCoinBefore = await nativeBalance(anvil.rpcUrl, keys.hotWallet);
  const coin = await client.sweep({ idempotencyKey: 'sweep-eth-6', derivationIndex: 6, asset: { kind: 'native' } });
  expect(coin.txHashes).toHaveLength(1);
  await until('the coin sweep mined', async () =>
    (await client.sweep({ idempotencyKey: 'sweep-eth-6', derivationIndex: 6, asset: { kind: 'native' } })).status === 'mined' ? true : undefined,
  );
  const gained = (await nativeBalance(anvil.rpcUrl, keys.hotWallet)) - hotCoinBefore;
  expect(gained).toBeGreaterThan(((ETH / 2n) * 99n) / 100n);
  expect(gained).toBeLessThan(ETH / 2n);
  // what stays is less than the gas the sweep reserved
  expect(await nativeBalance(anvil.rpcUrl, coinDeposit)).toBeLessThan(ETH / 1000n);

  const empty = await client.sweep({ idempotencyKey: 'sweep-empty-7', derivationIndex: 7, asset: { kind: 'native' } });
  expect(empty).toEqual({ idempotencyKey: 'sweep-empty-7', status: 'nothing', txHashes: [], reason: null });
});
