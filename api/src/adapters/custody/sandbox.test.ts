import { catalogueRepo } from '../../../test/helpers/catalogue';
import { createAddressValidator } from '../../modules/instruments';
import { createSandboxCustody, sandboxWithdrawalFails } from './sandbox';
import { PayoutRejected } from './types';

describe('sandbox custody', () => {
  const repo = catalogueRepo();
  const validate = createAddressValidator(repo);
  const custody = createSandboxCustody({ confirmationIntervalMs: 3000 });
  const onChain = repo.all().filter((i) => i.isActive && i.addressValidator);

  it('covers every active on-chain instrument of the catalogue', () => {
    expect(onChain.length).toBeGreaterThanOrEqual(20);
  });

  it.each(onChain.map((i) => [i.slug, i] as const))('%s: deposit addresses pass the instrument’s own validator', async (_slug, instrument) => {
    for (const orderId of ['order-a', 'order-b', 'f3a1c0de-0000-4000-8000-000000000001']) {
      const { address, memo } = await custody.depositAddress(orderId, instrument);
      expect(validate(instrument.currencyTitle, instrument.networkTitle, address)).toBe(true);
      if (instrument.public.requiresMemo) expect(memo).toMatch(/^\d{7,10}$/);
      else expect(memo).toBeNull();
    }
  });

  it('uses each network’s address shape', async () => {
    const addr = async (slug: string) => (await custody.depositAddress('o-1', repo.bySlug(slug)!)).address;
    expect(await addr('btc')).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(await addr('eth')).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await addr('usdttrc20')).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(await addr('xrp')).toMatch(/^r/);
    expect(await addr('xlm')).toMatch(/^G[A-Z2-7]{55}$/);
    expect(await addr('ton')).toMatch(/^EQ[A-Za-z0-9_-]{46}$/);
  });

  it('gives one order one address, other orders other addresses; memo networks share the address and differ by memo', async () => {
    const btc = repo.bySlug('btc')!;
    expect(await custody.depositAddress('o-1', btc)).toEqual(await custody.depositAddress('o-1', btc));
    expect((await custody.depositAddress('o-1', btc)).address).not.toBe((await custody.depositAddress('o-2', btc)).address);
    const xrp = repo.bySlug('xrp')!;
    const [a, b] = [await custody.depositAddress('o-1', xrp), await custody.depositAddress('o-2', xrp)];
    expect(a.address).toBe(b.address);
    expect(a.memo).not.toBe(b.memo);
  });

  it('pays out once per idempotency key', async () => {
    const eth = repo.bySlug('eth')!;
    const req = { idempotencyKey: 'order-1:payout', instrument: eth, address: `0x${'1'.repeat(40)}`, memo: null, amount: '1.5' };
    const first = await custody.payout(req);
    expect(first.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await custody.payout(req)).toEqual(first);
    expect(custody.payouts.size).toBe(1);
  });
});

describe('sandbox withdrawal failures (SANDBOX_WITHDRAWAL_FAILURE_RATE)', () => {
  const usdt = catalogueRepo().bySlug('usdttrc20')!;
  const req = (key: string) => ({ idempotencyKey: key, instrument: usdt, address: `T${'1'.repeat(33)}`, memo: null, amount: '10' });

  it('fails about the configured fraction of withdrawal payouts, the same way on every retry', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `withdrawal:w-${i}`);
    const failing = keys.filter((k) => sandboxWithdrawalFails(k, 0.3)).length;
    expect(failing / keys.length).toBeGreaterThan(0.25);
    expect(failing / keys.length).toBeLessThan(0.35);
    expect(keys.filter((k) => sandboxWithdrawalFails(k, 0.3))).toEqual(keys.filter((k) => sandboxWithdrawalFails(k, 0.3)));
    expect(keys.some((k) => sandboxWithdrawalFails(k, 0))).toBe(false);
    expect(keys.every((k) => sandboxWithdrawalFails(k, 1))).toBe(true);
  });

  it('never fails order payouts, and rejects a failing withdrawal with PayoutRejected', async () => {
    const custody = createSandboxCustody({ confirmationIntervalMs: 3000, withdrawalFailureRate: 1 });
    await expect(custody.payout(req('order-1:payout'))).resolves.toHaveProperty('txHash');
    await expect(custody.payout(req('withdrawal:w-1'))).rejects.toBeInstanceOf(PayoutRejected);
    expect(custody.payouts.has('withdrawal:w-1')).toBe(false);
  });
});
