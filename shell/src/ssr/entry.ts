// The shell's server bundle entry (dist/server/main.js, built by the webpack factory's server config):
// web requires it and calls these two.
export { preloadServerRemotes, render, registerServerRemotes } from './render';
export { serialiseSsrState, SSR_STATE_ELEMENT_ID } from './state';
export type { SsrRequest, SsrResult } from './render';
export type { SsrState } from './state';
