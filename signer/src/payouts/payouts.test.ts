import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { EvmChain, type Receipt } from '../chain/chain';
import { SignerRefusal } from '../errors';
import { type Journal, openJournal } from '../journal/journal';
import { type JournalEntry, Ledger } from '../journal/ledger';
import { parseLimits } from '../limits/limits';
import { SerialLock } from '../serialLock';
import { Payouts } from './payouts';

// Payouts against a chain whose JSON-RPC side is stubbed (signing is real): the chain project runs them on anvil.
const hot = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as const;
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

let dir: string;
let journal: Journal<JournalEntry>;
let clock: Date;
let chain: EvmChain;
let broadcasts: `0x${string}`[];
let receipts: Map<string, Receipt>;
let nodeKnows: Set<string>;

function payoutsWith(limitsJson = '{"native":{"perPayout":"10","perDay":"25"}}', replaceAfterMs = 60_000): { payouts: Payouts; ledger: Ledger } {
  journal = openJournal<JournalEntry>(path.join(dir, 'journal.jsonl'));
  const ledger = new Ledger(journal);
  const payouts = new Payouts({
    ledger,
    chain,
    hot,
    hotLock: new SerialLock(),
    limits: parseLimits(limitsJson),
    replaceAfterMs,
    crashAfterSign: false,
    now: () => clock,
    log: quietLog as never,
  });
  return { payouts, ledger };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'signer-payouts-'));
  clock = new Date('2026-12-07T12:00:00.000Z');
  chain = new EvmChain('http://127.0.0.1:9', 31337);
  broadcasts = [];
  receipts = new Map();
  nodeKnows = new Set();
  jest.spyOn(chain, 'fees').mockResolvedValue({ maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n });
  jest.spyOn(chain, 'estimateGas').mockResolvedValue(21_000n);
  jest.spyOn(chain, 'pendingNonce').mockResolvedValue(7);
  jest.spyOn(chain, 'receipt').mockImplementation(async (hash) => receipts.get(hash) ?? null);
  jest.spyOn(chain, 'knows').mockImplementation(async (hash) => nodeKnows.has(hash));
  jest.spyOn(chain, 'broadcast').mockImplementation(async (raw) => {
    broadcasts.push(raw);
    nodeKnows.add(keccak256(raw));
  });
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const native = { kind: 'native' as const };

describe('payouts', () => {
  it('signs at max(pending nonce, journaled + 1), journals before it broadcasts, answers sent', async () => {
    const { payouts, ledger } = payoutsWith();
    const first = await payouts.request({ idempotencyKey: 'o1', asset: native, to, amount: '5' });
    expect(first.status).toBe('sent');
    const second = await payouts.request({ idempotencyKey: 'o2', asset: native, to, amount: '5' });
    expect(ledger.payouts.get('o1')?.txs[0].nonce).toBe(7);
    expect(ledger.payouts.get('o2')?.txs[0].nonce).toBe(8);
    expect(broadcasts).toEqual([ledger.payouts.get('o1')?.txs[0].raw, ledger.payouts.get('o2')?.txs[0].raw]);
    expect(second.txHash).toBe(ledger.payouts.get('o2')?.txs[0].hash);
  });

  it('one key is one transaction: a repeat answers from the journal, a different request under it is refused', async () => {
    const { payouts } = payoutsWith();
    const first = await payouts.request({ idempotencyKey: 'o1', asset: native, to, amount: '5' });
    receipts.set(first.txHash as string, { status: 'success', blockNumber: 12n });
    const again = await payouts.request({ idempotencyKey: 'o1', asset: native, to: to.toLowerCase() as `0x${string}`, amount: '05' });
    expect(again).toEqual({ idempotencyKey: 'o1', status: 'mined', txHash: first.txHash, blockNumber: '12', reason: null });
    expect(broadcasts).toHaveLength(1);
    await expect(payouts.request({ idempotencyKey: 'o1', asset: native, to, amount: '6' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'idempotency-conflict',
    });
  });

  it('a reverted receipt is rejected (reason reverted)', async () => {
    const { payouts } = payoutsWith();
    const sent = await payouts.request({ idempotencyKey: 'o1', asset: native, to, amount: '5' });
    receipts.set(sent.txHash as string, { status: 'reverted', blockNumber: 3n });
    expect(await payouts.status('o1')).toMatchObject({ status: 'rejected', reason: 'reverted', txHash: sent.txHash });
  });

  it.each([
    ['zero address', { to: '0x0000000000000000000000000000000000000000', amount: '1', asset: native }, 'zero address destination'],
    ['bad checksum', { to: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8', amount: '1', asset: native }, 'invalid destination address'],
    ['not an address', { to: 'bob', amount: '1', asset: native }, 'invalid destination address'],
    ['zero amount', { to, amount: '0', asset: native }, 'amount must be a positive integer of base units'],
    ['fraction', { to, amount: '1.5', asset: native }, 'amount must be a positive integer of base units'],
    ['negative', { to, amount: '-1', asset: native }, 'amount must be a positive integer of base units'],
    ['unknown token', { to, amount: '1', asset: { kind: 'erc20' as const, contract: token } }, 'unknown asset (no limit configured for it)'],
  ])('refuses %s: rejected under its key, nothing signed', async (_name, body, reason) => {
    const { payouts, ledger } = payoutsWith();
    const status = await payouts.request({ idempotencyKey: 'bad', ...(body as { to: `0x${string}`; amount: string; asset: typeof native }) });
    expect(status).toEqual({ idempotencyKey: 'bad', status: 'rejected', txHash: null, blockNumber: null, reason });
    expect(ledger.payouts.get('bad')?.state).toBe('rejected');
    expect(broadcasts).toEqual([]);
  });

  it('over the per-payout limit: held (and stays held), released by an operator regardless of limits', async () => {
    const { payouts, ledger } = payoutsWith();
    const held = await payouts.request({ idempotencyKey: 'big', asset: native, to, amount: '11' });
    expect(held).toEqual({ idempotencyKey: 'big', status: 'held', txHash: null, blockNumber: null, reason: 'over the per-payout limit' });
    expect((await payouts.request({ idempotencyKey: 'big', asset: native, to, amount: '11' })).status).toBe('held');
    expect(payouts.heldCount()).toBe(1);
    expect(broadcasts).toEqual([]);
    const released = await payouts.release('big');
    expect(released?.status).toBe('sent');
    expect(ledger.payouts.get('big')?.released).toBe(true);
    expect(payouts.heldCount()).toBe(0);
    expect(broadcasts).toHaveLength(1);
    expect(await payouts.release('nope')).toBeNull();
  });

  it('the per-day limit sums the UTC day’s signed payouts and starts again at 00:00 UTC', async () => {
    const { payouts } = payoutsWith();
    clock = new Date('2026-12-07T23:00:00.000Z');
    expect((await payouts.request({ idempotencyKey: 'a', asset: native, to, amount: '10' })).status).toBe('sent');
    expect((await payouts.request({ idempotencyKey: 'b', asset: native, to, amount: '10' })).status).toBe('sent');
    const third = await payouts.request({ idempotencyKey: 'c', asset: native, to, amount: '6' });
    expect(third).toMatchObject({ status: 'held', reason: 'over the per-day limit' });
    expect((await payouts.request({ idempotencyKey: 'd', asset: native, to, amount: '5' })).status).toBe('sent');
    clock = new Date('2026-12-08T00:00:00.000Z');
    expect((await payouts.request({ idempotencyKey: 'e', asset: native, to, amount: '10' })).status).toBe('sent');
    // the held one stays held on the new day: only an operator releases it
    expect((await payouts.request({ idempotencyKey: 'c', asset: native, to, amount: '6' })).status).toBe('held');
  });

  it('replaces a payout unmined after replaceAfterMs: same nonce, both fee caps raised ≥ 12.5 %; the mined hash wins', async () => {
    const { payouts, ledger } = payoutsWith(undefined, 1_000);
    await payouts.request({ idempotencyKey: 'slow', asset: native, to, amount: '5' });
    await payouts.replaceStuck();
    expect(ledger.payouts.get('slow')?.txs).toHaveLength(1);
    clock = new Date(clock.getTime() + 1_000);
    await payouts.replaceStuck();
    const [original, replacement] = ledger.payouts.get('slow')?.txs ?? [];
    expect(replacement.nonce).toBe(original.nonce);
    expect(replacement.hash).not.toBe(original.hash);
    expect(BigInt(replacement.maxFeePerGas) * 1000n).toBeGreaterThanOrEqual(BigInt(original.maxFeePerGas) * 1125n);
    expect(BigInt(replacement.maxPriorityFeePerGas) * 1000n).toBeGreaterThanOrEqual(BigInt(original.maxPriorityFeePerGas) * 1125n);
    expect(broadcasts.at(-1)).toBe(replacement.raw);
    expect(await payouts.status('slow')).toMatchObject({ status: 'sent', txHash: replacement.hash });
    receipts.set(original.hash, { status: 'success', blockNumber: 40n });
    expect(await payouts.status('slow')).toMatchObject({ status: 'mined', txHash: original.hash, blockNumber: '40' });
    expect(payouts.pendingCount()).toBe(0);
  });

  it('a payout the node no longer knows (reorg, node restart) goes out again as the same signed bytes', async () => {
    const { payouts, ledger } = payoutsWith();
    await payouts.request({ idempotencyKey: 'o1', asset: native, to, amount: '5' });
    const raw = ledger.payouts.get('o1')?.txs[0].raw;
    broadcasts = [];
    await payouts.status('o1');
    expect(broadcasts).toEqual([]);
    nodeKnows.clear();
    await payouts.status('o1');
    expect(broadcasts).toEqual([raw]);
  });

  it('a chain failure before signing journals nothing (the key stays free to retry)', async () => {
    const { payouts, ledger } = payoutsWith();
    jest.spyOn(chain, 'estimateGas').mockRejectedValueOnce(new Error('execution reverted'));
    await expect(payouts.request({ idempotencyKey: 'o1', asset: native, to, amount: '5' })).rejects.toThrow('execution reverted');
    expect(ledger.payouts.has('o1')).toBe(false);
    expect((await payouts.request({ idempotencyKey: 'o1', asset: native, to, amount: '5' })).status).toBe('sent');
  });

  it('release refuses a rejected payout', async () => {
    const { payouts } = payoutsWith();
    await payouts.request({ idempotencyKey: 'z', asset: native, to, amount: '0' });
    await expect(payouts.release('z')).rejects.toBeInstanceOf(SignerRefusal);
  });
});
