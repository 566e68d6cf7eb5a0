import { catalogueRepo } from '../../../test/helpers/catalogue';
import { createRoutedCustody } from './routed';
import { createSandboxCustody } from './sandbox';
import type { CustodyAdapter } from './types';

describe('routed custody (issue 28)', () => {
  const repo = catalogueRepo();
  const eth = repo.bySlug('eth')!;
  const btc = repo.bySlug('btc')!;
  const real: CustodyAdapter = {
    name: 'evm',
    isSandbox: false,
    isReal: (i) => i.slug === 'eth',
    depositAddress: async () => ({ address: `0x${'a'.repeat(40)}`, memo: null, derivationIndex: 7 }),
    payout: async () => ({ txHash: `0x${'b'.repeat(64)}`, final: false }),
    secondsPerConfirmation: () => 12,
  };
  const sandbox = createSandboxCustody({ confirmationIntervalMs: 3000 });
  const req = (instrument: typeof eth) => ({ idempotencyKey: 'o:payout', instrument, address: `0x${'1'.repeat(40)}`, memo: null, amount: '1' });

  it('sends a real instrument to the real adapter and the others to the sandbox while SANDBOX_MODE is on', async () => {
    const custody = createRoutedCustody(real, sandbox, { sandboxMode: true });
    expect(custody.isReal(eth)).toBe(true);
    expect(custody.isReal(btc)).toBe(false);
    expect(await custody.depositAddress('o', eth)).toEqual({ address: `0x${'a'.repeat(40)}`, memo: null, derivationIndex: 7 });
    expect((await custody.depositAddress('o', btc)).address).toMatch(/^bc1q/);
    expect(await custody.payout(req(eth))).toEqual({ txHash: `0x${'b'.repeat(64)}`, final: false });
    expect((await custody.payout(req(btc))).final).toBe(true);
    expect(custody.secondsPerConfirmation(eth)).toBe(12);
  });

  it('never simulates with SANDBOX_MODE off: an instrument without real custody is refused', async () => {
    const custody = createRoutedCustody(real, sandbox, { sandboxMode: false });
    await expect(custody.depositAddress('o', btc)).rejects.toThrow(/no real custody/);
    await expect(custody.payout(req(btc))).rejects.toThrow(/no real custody/);
    expect(custody.name).toBe('evm');
  });
});
