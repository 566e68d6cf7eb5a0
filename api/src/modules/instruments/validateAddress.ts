// Address validation per currency and network (§5 destination / refund address), using
// multicoin-address-validator with the symbol stored on the instrument. Memo networks (XRP, XLM, TON)
// validate the address only; the memo is free text.
import WAValidator from 'multicoin-address-validator';
import { ApiError } from 'shared-contracts/server';
import type { InstrumentRepo } from './repo';
import { isValidTonAddress } from './tonAddress';

/** Networks the library does not know, validated here. */
const OWN_VALIDATORS: Record<string, (address: string) => boolean> = { ton: isValidTonAddress };

export function createAddressValidator(repo: InstrumentRepo) {
  return function validateAddress(currencyTitle: string, networkTitle: string, address: string): boolean {
    const instrument = repo.byTitles(currencyTitle, networkTitle);
    if (!instrument) throw ApiError.of('ERR_NETWORK_NOT_SUPPORTED', `Network ${networkTitle} of ${currencyTitle} is not supported`);
    if (!instrument.addressValidator) return false; // fiat: there is no address to send to
    const trimmed = address.trim();
    if (!trimmed) return false;
    const own = OWN_VALIDATORS[instrument.addressValidator];
    if (own) return own(trimmed);
    try {
      return WAValidator.validate(trimmed, instrument.addressValidator, { networkType: 'prod' });
    } catch {
      // The library throws on some malformed inputs instead of answering false.
      return false;
    }
  };
}
export type ValidateAddress = ReturnType<typeof createAddressValidator>;
