export { type ClosableSocket, type DrainGate, drainAndClose, installDrainGate } from './drain';
export { shutdownOnSignals } from './signals';
