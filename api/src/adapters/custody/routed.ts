// Issue 28: one custody for the whole site from a real chain's adapter and the sandbox. Each instrument goes to the
// adapter that really moves it; the others to the simulated chain, and only while SANDBOX_MODE is on — with it off
// they are not offered at all (app.ts), and a call that still names one is refused here rather than simulated.
import type { InstrumentRecord } from '../../modules/instruments';
import type { CustodyAdapter } from './types';

export function createRoutedCustody(real: CustodyAdapter, sandbox: CustodyAdapter, { sandboxMode }: { sandboxMode: boolean }): CustodyAdapter {
  const route = (instrument: InstrumentRecord): CustodyAdapter => {
    if (real.isReal(instrument)) return real;
    if (!sandboxMode) throw new Error(`${instrument.slug} has no real custody and SANDBOX_MODE is off: it is not offered`);
    return sandbox;
  };
  return {
    name: sandboxMode ? `${real.name}+sandbox` : real.name,
    isSandbox: false,
    isReal: (instrument) => real.isReal(instrument),
    depositAddress: async (orderId, instrument) => route(instrument).depositAddress(orderId, instrument),
    payout: async (request) => route(request.instrument).payout(request),
    secondsPerConfirmation: (instrument) => route(instrument).secondsPerConfirmation(instrument),
  };
}
