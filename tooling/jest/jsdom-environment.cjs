// jsdom lacks several web globals Node has (TOOLCHAIN.md). Copy them in; never MessageChannel,
// which keeps React's scheduler (and so jest) alive forever.
const { TestEnvironment } = require('jest-environment-jsdom');

const COPIED = [
  'TextEncoder',
  'TextDecoder',
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  'Blob',
  'URL',
  'URLSearchParams',
  'WebSocket',
  'setImmediate',
  'clearImmediate',
];

class JsdomWithNodeGlobals extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of COPIED) {
      if (typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}
module.exports = JsdomWithNodeGlobals;
