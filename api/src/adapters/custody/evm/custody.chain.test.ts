// The EVM custody adapter against a real local chain (anvil): deposits followed block by block with rising
// confirmations, ERC-20 Transfer logs, unwatched addresses ignored, a reorganisation that removes a deposit, payout
// finality from the signer's mined block, and the sweep loop. The signer and the orders module are fakes here
// (chain-test/test runs the whole thing).
import { mine, reorg, rpc, startAnvil, type RunningAnvil } from 'chain-test/anvil';
import { deployErc20, mintErc20, sendNative, transferErc20 } from 'chain-test/erc20';
import { testCustodyKeys } from 'chain-test/keys';
import { createPublicClient, http } from 'viem';
import { BACKENDS, openTestDb, type TestDb } from '../../../../test/helpers/testDb';
import type { DbHandle } from '../../../db/client';
import { migrate } from '../../../db/migrate';
import { queryOf } from '../../../db/query';
import { createEvmCustody, type EvmCustody } from './index';
import { fakeSigner, recordingLog, recordingSink, testInstruments, type FakeSigner, type RecordingSink } from './testKit';

jest.setTimeout(120_000);

const REQUIRED_CONFIRMATIONS = 3;

// On PGlite, and on PostgreSQL too when DATABASE_URL is set (.ci/run's chain phase: the follower's and the sweeps'
// advisory locks are PostgreSQL's).
describe.each(BACKENDS)('evm custody on anvil, on %s', (backend) => {
  let anvil: RunningAnvil;
  let testDb: TestDb;
  let db: DbHandle;
  let custody: EvmCustody;
  let signer: FakeSigner;
  let sink: RecordingSink;
  let token: `0x${string}`;
  let payer: `0x${string}`;
  const instrument = testInstruments(REQUIRED_CONFIRMATIONS);
  const log = recordingLog();

  /** A deposit address for a new order the orders module watches. */
  async function watchedOrder(orderId: string, slug: 'eth' | 'usdterc20'): Promise<`0x${string}`> {
    const { address } = await custody.depositAddress(orderId, instrument(slug));
    sink.orders.push({ orderId, fromSlug: slug, address });
    return address as `0x${string}`;
  }

  const head = () => createPublicClient({ transport: http(anvil.rpcUrl) }).getBlockNumber({ cacheTime: 0 });

  beforeAll(async () => {
    anvil = await startAnvil();
    testDb = await openTestDb(backend);
    db = testDb.handle;
    await migrate(db);
    const [deployer, customer] = anvil.accounts;
    payer = customer.privateKey;
    token = await deployErc20({ rpcUrl: anvil.rpcUrl, privateKey: deployer.privateKey, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
    await mintErc20({ rpcUrl: anvil.rpcUrl, privateKey: deployer.privateKey, contract: token, to: customer.address, amount: 1_000_000_000n });
    signer = fakeSigner();
    sink = recordingSink();
    custody = createEvmCustody({
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      depositXpub: testCustodyKeys().depositXpub,
      nativeSlug: 'eth',
      tokens: [{ slug: 'usdterc20', contract: token }],
      // The tests poll and sweep themselves (pollNow / sweepNow); start() only makes the first poll.
      pollMs: 3_600_000,
      sweepEveryMs: 3_600_000,
      signer,
      db,
      instrument,
      log,
    });
    custody.start(sink);
    await custody.pollNow();
  });

  afterAll(async () => {
    await custody?.stop();
    await testDb?.drop();
    await anvil?.stop();
  });

  it('observes an ETH deposit with rising confirmations as blocks are mined', async () => {
    const address = await watchedOrder('eth-1', 'eth');
    const txHash = await sendNative({ rpcUrl: anvil.rpcUrl, privateKey: payer, to: address, value: 500_000_000_000_000_000n });
    await custody.pollNow();
    expect(sink.latest('eth-1')).toEqual([{ txHash, amount: '0.5', confirmations: 1 }]);
    await mine(anvil.rpcUrl, 2);
    await custody.pollNow();
    expect(sink.latest('eth-1')).toEqual([{ txHash, amount: '0.5', confirmations: 3 }]);
  });

  it('observes an ERC-20 Transfer to a watched address in the token’s decimals', async () => {
    const address = await watchedOrder('usdt-1', 'usdterc20');
    const txHash = await transferErc20({ rpcUrl: anvil.rpcUrl, privateKey: payer, contract: token, to: address, amount: 12_500_000n });
    await custody.pollNow();
    expect(sink.latest('usdt-1')).toEqual([{ txHash, amount: '12.5', confirmations: 1 }]);
    await mine(anvil.rpcUrl, 1);
    await custody.pollNow();
    expect(sink.latest('usdt-1')).toEqual([{ txHash, amount: '12.5', confirmations: 2 }]);
  });

  it('ignores transfers to unwatched addresses, and credits no order with another asset than its own', async () => {
    const { address: unwatched } = await custody.depositAddress('not-watched', instrument('eth'));
    const usdtOrder = await watchedOrder('usdt-2', 'usdterc20');
    await sendNative({ rpcUrl: anvil.rpcUrl, privateKey: payer, to: unwatched as `0x${string}`, value: 1n });
    await transferErc20({ rpcUrl: anvil.rpcUrl, privateKey: payer, contract: token, to: unwatched as `0x${string}`, amount: 1n });
    const ethToUsdtOrder = await sendNative({ rpcUrl: anvil.rpcUrl, privateKey: payer, to: usdtOrder, value: 2n });
    await custody.pollNow();
    expect(sink.latest('not-watched')).toEqual([]);
    expect(sink.latest('usdt-2')).toEqual([]);
    const stored = await queryOf(db)<{ order_id: string; slug: string }>('SELECT order_id, slug FROM evm_deposits WHERE tx_hash = $1', [ethToUsdtOrder]);
    // Kept (to be swept back), never reported as a USDT deposit.
    expect(stored).toEqual([{ order_id: 'usdt-2', slug: 'eth' }]);
    expect(await queryOf(db)('SELECT 1 FROM evm_deposits WHERE order_id = $1', ['not-watched'])).toHaveLength(0);
  });

  it('reorg: a deposit whose block is reorganised away drops to 0 confirmations and stays there', async () => {
    const address = await watchedOrder('eth-reorg', 'eth');
    const txHash = await sendNative({ rpcUrl: anvil.rpcUrl, privateKey: payer, to: address, value: 1_000_000_000_000_000_000n });
    await mine(anvil.rpcUrl, 1);
    await custody.pollNow();
    expect(sink.latest('eth-reorg')).toEqual([{ txHash, amount: '1', confirmations: 2 }]);
    const before = await head();
    // The last 3 blocks (the deposit's among them) replaced by empty ones: same head number, other hashes.
    await reorg(anvil.rpcUrl, 3);
    expect(await head()).toBe(before);
    await custody.pollNow();
    expect(sink.latest('eth-reorg')).toEqual([{ txHash, amount: '1', confirmations: 0 }]);
    expect(log.lines.some((l) => l.level === 'warn' && l.msg === 'evm custody: chain reorganisation')).toBe(true);
    await mine(anvil.rpcUrl, 4);
    await custody.pollNow();
    expect(sink.latest('eth-reorg')).toEqual([{ txHash, amount: '1', confirmations: 0 }]);
    // The follower is back on the canonical chain: its blocks are the node's.
    const health = await custody.health();
    expect(health).toMatchObject({ latestBlockSeen: (before + 4n).toString(), nodeHead: (before + 4n).toString(), lagBlocks: 0, error: null });
    const [tip] = await queryOf(db)<{ hash: string }>('SELECT hash FROM evm_blocks ORDER BY number DESC LIMIT 1');
    const canonical = await createPublicClient({ transport: http(anvil.rpcUrl) }).getBlock({ blockNumber: before + 4n });
    expect(tip.hash).toBe(canonical.hash);
  });

  it('reorg: a deposit re-included in another block is seen again at its new depth, as one deposit', async () => {
    const address = await watchedOrder('eth-reincluded', 'eth');
    const txHash = await sendNative({ rpcUrl: anvil.rpcUrl, privateKey: payer, to: address, value: 7n });
    const raw = await rpc<string>(anvil.rpcUrl, 'eth_getRawTransactionByHash', [txHash]);
    await mine(anvil.rpcUrl, 1);
    await custody.pollNow();
    expect(sink.latest('eth-reincluded')).toEqual([{ txHash, amount: '0.000000000000000007', confirmations: 2 }]);
    // The last 2 blocks replaced; the same transaction lands in the second new one (one block later than before).
    await rpc(anvil.rpcUrl, 'anvil_reorg', [2, [[raw, 1]]]);
    await custody.pollNow();
    expect(sink.latest('eth-reincluded')).toEqual([{ txHash, amount: '0.000000000000000007', confirmations: 1 }]);
    expect(await queryOf(db)('SELECT 1 FROM evm_deposits WHERE tx_hash = $1', [txHash])).toHaveLength(1);
  });

  it('a mined payout is final only at the instrument’s confirmation depth', async () => {
    const now = await head();
    const mined = (blockNumber: bigint) => ({
      status: 'mined' as const,
      txHash: `0x${'ef'.repeat(32)}` as const,
      blockNumber: blockNumber.toString(),
      reason: null,
    });
    const request = { idempotencyKey: 'payout:p-1', instrument: instrument('usdterc20'), address: anvil.accounts[3].address, memo: null, amount: '2.5' };
    signer.payoutAnswers = [mined(now - BigInt(REQUIRED_CONFIRMATIONS) + 2n)];
    await expect(custody.payout(request)).resolves.toEqual({ txHash: `0x${'ef'.repeat(32)}`, final: false });
    signer.payoutAnswers = [mined(now - BigInt(REQUIRED_CONFIRMATIONS) + 1n)];
    await expect(custody.payout(request)).resolves.toEqual({ txHash: `0x${'ef'.repeat(32)}`, final: true });
    // The token's decimals() read from the contract: 2.5 USDT = 2 500 000 base units.
    expect(signer.payouts.at(-1)).toEqual({
      idempotencyKey: 'payout:p-1',
      asset: { kind: 'erc20', contract: token },
      to: anvil.accounts[3].address,
      amount: '2500000',
    });
  });

  it('sweeps deposits past their confirmations until the signer reports them mined', async () => {
    const address = await watchedOrder('eth-sweep', 'eth');
    const txHash = await sendNative({ rpcUrl: anvil.rpcUrl, privateKey: payer, to: address, value: 3n });
    await custody.pollNow();
    signer.sweeps.length = 0;
    signer.sweepAnswer = { status: 'sent', txHashes: [`0x${'cd'.repeat(32)}`], reason: null };
    await custody.sweepNow();
    const asked = () => signer.sweeps.map((s) => s.idempotencyKey);
    // Too few confirmations yet; the reorganised deposit is in no block: neither is swept.
    expect(asked()).not.toContain(`sweep:${txHash}:-1`);
    expect(asked().some((k) => k.startsWith(`sweep:${sink.latest('eth-reorg')[0].txHash}`))).toBe(false);
    // The earlier ETH and USDT deposits are deep enough.
    expect(asked()).toContain(`sweep:${sink.latest('eth-1')[0].txHash}:-1`);
    expect(signer.sweeps.find((s) => s.idempotencyKey.startsWith(`sweep:${sink.latest('usdt-1')[0].txHash}:`))?.asset).toEqual({
      kind: 'erc20',
      contract: token,
    });

    await mine(anvil.rpcUrl, REQUIRED_CONFIRMATIONS);
    await custody.pollNow();
    signer.sweeps.length = 0;
    await custody.sweepNow();
    const sweep = signer.sweeps.find((s) => s.idempotencyKey === `sweep:${txHash}:-1`);
    const { derivationIndex } = await custody.depositAddress('eth-sweep', instrument('eth'));
    expect(sweep).toEqual({ idempotencyKey: `sweep:${txHash}:-1`, derivationIndex, asset: { kind: 'native' } });

    // 'sent' is asked again; 'mined' and 'nothing' settle it; a failing signer never throws out of the loop.
    signer.sweepAnswer = new Error('signer down');
    await expect(custody.sweepNow()).resolves.toBeUndefined();
    signer.sweepAnswer = { status: 'mined', txHashes: [`0x${'cd'.repeat(32)}`], reason: null };
    await custody.sweepNow();
    const [row] = await queryOf(db)<{ sweep_status: string; sweep_tx_hashes: unknown }>(
      'SELECT sweep_status, sweep_tx_hashes FROM evm_deposits WHERE tx_hash = $1',
      [txHash],
    );
    expect(row).toEqual({ sweep_status: 'mined', sweep_tx_hashes: [`0x${'cd'.repeat(32)}`] });
    signer.sweeps.length = 0;
    await custody.sweepNow();
    expect(signer.sweeps).toEqual([]);
  });
});
