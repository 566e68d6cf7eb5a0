// The adapter without a chain: deposit address allocation on PGlite, payout status mapping, health when the node is
// unreachable. (Following a real chain: custody.chain.test.ts.)
import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from 'viem/accounts';
import { openDb, type DbHandle } from '../../../db/client';
import { migrate } from '../../../db/migrate';
import { PayoutHeld, PayoutRejected } from '../types';
import { depositAccountFromXpub } from './derivation';
import { createEvmRepo } from './repo';
import { createEvmCustody, type EvmCustody } from './index';
import { fakeSigner, recordingLog, testInstruments, type FakeSigner } from './testKit';

const XPUB = HDKey.fromMasterSeed(pbkdf2Sync('test test test test test test test test test test test junk', 'mnemonic', 2048, 64, 'sha512')).derive(
  "m/44'/60'/0'",
).publicExtendedKey;
const RPC_WITH_SECRET = 'http://127.0.0.1:1/v3/secret-project-key';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('evm custody (no chain)', () => {
  let db: DbHandle;
  let signer: FakeSigner;
  let custody: EvmCustody;
  const instrument = testInstruments(12);

  // an embedded database's first start can take longer than jest's 5 s on a loaded machine
  beforeAll(async () => {
    db = await openDb({ pgliteDir: 'memory://' });
    await migrate(db);
  }, 60_000);
  afterAll(() => db?.close());

  beforeEach(() => {
    signer = fakeSigner();
    custody = createEvmCustody({
      rpcUrl: RPC_WITH_SECRET,
      chainId: 1,
      depositXpub: XPUB,
      nativeSlug: 'eth',
      tokens: [{ slug: 'usdterc20', contract: USDT }],
      pollMs: 4000,
      signer,
      db,
      instrument,
      log: recordingLog(),
    });
  });

  describe('deposit addresses', () => {
    const account = depositAccountFromXpub(XPUB);

    it('takes a new index per order, derives its address, and answers the same row for the same order', async () => {
      const a = await custody.depositAddress('ord-a', instrument('eth'));
      const b = await custody.depositAddress('ord-b', instrument('usdterc20'));
      expect(a.memo).toBeNull();
      expect(b.derivationIndex).not.toBe(a.derivationIndex);
      expect(a.address).toBe(account.addressAt(a.derivationIndex as number));
      expect(b.address).toBe(account.addressAt(b.derivationIndex as number));
      expect(await custody.depositAddress('ord-a', instrument('eth'))).toEqual(a);
    });

    it('never reuses an index, even one taken by a call that then failed', async () => {
      const repo = createEvmRepo(db, 1);
      const before = await custody.depositAddress('ord-c', instrument('eth'));
      const burned = await repo.nextDerivationIndex(); // an allocation whose insert never happened
      const after = await custody.depositAddress('ord-d', instrument('eth'));
      expect(burned).toBeGreaterThan(before.derivationIndex as number);
      expect(after.derivationIndex).toBeGreaterThan(burned);
    });

    it('gives one address to concurrent asks for the same order and distinct ones across orders', async () => {
      const same = await Promise.all(Array.from({ length: 5 }, () => custody.depositAddress('ord-race', instrument('eth'))));
      expect(new Set(same.map((s) => s.address)).size).toBe(1);
      const many = await Promise.all(Array.from({ length: 20 }, (_, i) => custody.depositAddress(`ord-many-${i}`, instrument('eth'))));
      expect(new Set(many.map((s) => s.derivationIndex)).size).toBe(20);
      expect(new Set(many.map((s) => s.address.toLowerCase())).size).toBe(20);
    });

    it('serves only its own instruments', async () => {
      await expect(custody.depositAddress('ord-btc', instrument('btc'))).rejects.toThrow(/not served/);
      expect(custody.isReal(instrument('eth'))).toBe(true);
      expect(custody.isReal(instrument('usdterc20'))).toBe(true);
      expect(custody.isReal(instrument('btc'))).toBe(false);
      expect(custody.isSandbox).toBe(false);
      expect(custody.secondsPerConfirmation(instrument('eth'))).toBe(12);
    });
  });

  describe('payouts', () => {
    const request = (over: Partial<{ address: string; amount: string }> = {}) => ({
      idempotencyKey: 'payout:ord-1',
      instrument: instrument('eth'),
      address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      memo: null,
      amount: '1.25',
      ...over,
    });

    it('asks the signer in base units to the checksummed address, and a sent payout is not final', async () => {
      await expect(custody.payout(request())).resolves.toEqual({ txHash: `0x${'ab'.repeat(32)}`, final: false });
      expect(signer.payouts).toEqual([
        { idempotencyKey: 'payout:ord-1', asset: { kind: 'native' }, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '1250000000000000000' },
      ]);
    });

    it('maps held and rejected to PayoutHeld and PayoutRejected with the signer’s reason', async () => {
      signer.payoutAnswers = [{ status: 'held', txHash: null, blockNumber: null, reason: 'over the per-day limit' }];
      const held = await custody.payout(request()).catch((e: unknown) => e);
      expect(held).toBeInstanceOf(PayoutHeld);
      expect((held as PayoutHeld).reason).toBe('over the per-day limit');
      signer.payoutAnswers = [{ status: 'rejected', txHash: null, blockNumber: null, reason: 'reverted' }];
      const rejected = await custody.payout(request()).catch((e: unknown) => e);
      expect(rejected).toBeInstanceOf(PayoutRejected);
      expect((rejected as PayoutRejected).reason).toBe('reverted');
    });

    it('rejects, without asking the signer, what can never be sent', async () => {
      await expect(custody.payout(request({ address: 'bc1qnotanevmaddress' }))).rejects.toBeInstanceOf(PayoutRejected);
      await expect(custody.payout(request({ amount: '0.0000000000000000001' }))).rejects.toBeInstanceOf(PayoutRejected);
      await expect(custody.payout(request({ amount: '-1' }))).rejects.toBeInstanceOf(PayoutRejected);
      expect(signer.payouts).toHaveLength(0);
    });

    it('a signer that cannot be reached is a transient error, not a rejection', async () => {
      signer.payout = async () => {
        throw new Error('signer unreachable');
      };
      const err = await custody.payout(request()).catch((e: unknown) => e);
      expect(err).not.toBeInstanceOf(PayoutRejected);
      expect(err).not.toBeInstanceOf(PayoutHeld);
    });
  });

  it('health never throws: the unreachable node is named, its URL (and a key in it) is not', async () => {
    const health = await custody.health();
    expect(health).toMatchObject({ adapter: 'evm', chainId: 1, nodeHead: null, latestBlockSeen: null, lagBlocks: null });
    expect(health).toMatchObject({ pendingPayouts: 1, heldPayouts: 2, hotWallet: `0x${'11'.repeat(20)}`, hotWalletBalances: { native: '5' } });
    expect(health.error).toMatch(/^node: /);
    expect(health.error).not.toContain('secret-project-key');
  });
});
