// The instruments module (§3 Instrument): the catalogue, its repo, the public instrument routes and address
// validation. This file is the module's only face: other modules and the process wiring import from here.
export type { InstrumentRecord, InstrumentRepo } from './repo';
export { createInstrumentRepo } from './repo';
export { registerInstrumentRoutes } from './routes';
export { seedInstruments } from './seed';
export { friendlyTonAddress } from './tonAddress';
export { createAddressValidator, type ValidateAddress } from './validateAddress';
export { offeredWhere } from './offered';
