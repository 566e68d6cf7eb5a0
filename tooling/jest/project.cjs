// One jest project definition for every package (jest's `projects`), so `pnpm test` prints one summary.
const path = require('node:path');

const swcTransform = [
  require.resolve('@swc/jest'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' }, optimizer: { globals: { vars: { 'import.meta.hot': 'undefined' } } } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {{ name: string, rootDir: string, environment?: 'node' | 'jsdom', testMatch?: string[] }} opts */
module.exports = function jestProject({ name, rootDir, environment = 'node', testMatch }) {
  return {
    displayName: name,
    rootDir,
    testEnvironment: environment === 'jsdom' ? path.join(__dirname, 'jsdom-environment.cjs') : 'node',
    // Jest 30's globals cleanup wraps globals a suite sets; on MobX's global it recurses without end ("Maximum call
    // stack size exceeded") in whichever suite a worker runs after a server-render test: off, as in Jest 29.
    testEnvironmentOptions: { globalsCleanup: 'off' },
    testMatch: testMatch ?? ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}', '<rootDir>/server/**/*.test.{ts,tsx}'],
    transform: { '^.+\\.(t|j|mj|cj)sx?$': swcTransform },
    transformIgnorePatterns: [
      '/node_modules/(?!(\\.pnpm|ky|react-router|@remix-run|cookie-es|multicoin-address-validator|@electric-sql|jose|@fastify/cookie|cookie|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit|pg-boss|rrule-temporal|serialize-error|non-error|temporal-spec|@scure|@noble)(/|@))',
    ],
    // *.chain.test.ts need a real local chain (anvil): only the `chain` project (`pnpm test:chain`) runs them
    testPathIgnorePatterns: ['/node_modules/', '\\.chain\\.test\\.tsx?$'],
    moduleNameMapper: { '\\.(css)$': path.join(__dirname, 'style-mock.cjs') },
    setupFilesAfterEnv: [path.join(__dirname, 'retry-on-ci.cjs')],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  };
};
