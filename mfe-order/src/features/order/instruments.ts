// The order names its instruments by reference (§3 Order: currency, network, slug); their catalogue entries carry
// the display precision (§9), the explorer templates and the token contract (contract 1.3).
import type { Instrument, InstrumentRef } from 'shared-contracts';

/** The catalogue entry of an order's instrument ref: by slug, else by currency and network. */
export function findInstrument(list: readonly Instrument[], ref: InstrumentRef): Instrument | undefined {
  const up = (v: string) => v.toUpperCase();
  return (
    (ref.slug ? list.find((i) => i.slug === ref.slug) : undefined) ??
    list.find((i) => up(i.currencyTitle) === up(ref.currencyTitle) && up(i.networkTitle) === up(ref.networkTitle))
  );
}

/** §9 displayed precision: the instrument's precisionDecimals; 8 until the catalogue is known. */
const DEFAULT_DISPLAY_DECIMALS = 8;
export const displayDecimals = (instrument: Pick<Instrument, 'precisionDecimals'> | undefined) => instrument?.precisionDecimals ?? DEFAULT_DISPLAY_DECIMALS;
