// One jest run over every package. API integration tests use PGlite by default and PostgreSQL when
// DATABASE_URL is set (see .ci/run).
const project = require('./tooling/jest/project.cjs');
const { REMOTES } = require('./shared-contracts/remotes.cjs');

module.exports = {
  projects: [
    project({ name: 'shared-contracts', rootDir: '<rootDir>/shared-contracts' }),
    { ...project({ name: 'api', rootDir: '<rootDir>/api' }), testPathIgnorePatterns: ['/node_modules/', '/test/fault/', '\\.chain\\.test\\.ts$'] },
    project({ name: 'signer', rootDir: '<rootDir>/signer' }),
    project({ name: 'sdk', rootDir: '<rootDir>/sdk' }),
    // Fault tests (issue 14): kill -9, Redis and PostgreSQL stopped under a running api. They start their own
    // PostgreSQL cluster and Redis server, so only `pnpm test:fault` runs them (.ci/run), never the default pass.
    ...(process.env.JEST_FAULT === '1' ? [project({ name: 'fault', rootDir: '<rootDir>/api', testMatch: ['<rootDir>/test/fault/**/*.fault.test.ts'] })] : []),
    // Issue 28: tests against a real local EVM chain (anvil, chain-test/) — the signer's, the EVM custody adapter's and the
    // end-to-end suite of chain-test/test. Only `pnpm test:chain` runs them (.ci/run), never the default pass.
    ...(process.env.JEST_CHAIN === '1'
      ? [
          {
            ...project({ name: 'chain', rootDir: '<rootDir>', testMatch: ['<rootDir>/{api,signer,chain-test}/{src,test}/**/*.chain.test.ts'] }),
            testPathIgnorePatterns: ['/node_modules/'],
          },
        ]
      : []),
    project({ name: 'remote-kit', rootDir: '<rootDir>/remote-kit', environment: 'jsdom' }),
    project({ name: 'shell', rootDir: '<rootDir>/shell', environment: 'jsdom', testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'] }),
    project({ name: 'web', rootDir: '<rootDir>/web' }),
    project({ name: 'server-kit', rootDir: '<rootDir>/server-kit' }),
    ...REMOTES.map((r) => project({ name: r.dir, rootDir: `<rootDir>/${r.dir}`, environment: 'jsdom' })),
  ].map((p) => ({ ...p, rootDir: p.rootDir.replace('<rootDir>', __dirname) })),
};
