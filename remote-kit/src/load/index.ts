// remote-kit/load: one load's state (a MobX store part) and its view (issue 26).
export { type LoadOptions, type LoadOutcome, LoadState, type LoadStateOptions, type LoadStatus } from './LoadState';
export { Loadable, type LoadableProps } from './Loadable';
