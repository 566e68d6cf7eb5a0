// Package boundaries (issue 8), checked by `pnpm lint` and proven by tooling/lint/boundaries.test.mjs against the
// fixtures in tooling/lint/fixtures/. Paths are relative to the folder depcruise runs in: the workspace root.
const FRONT_END = '^(shell|remote-kit|mfe-[^/]+)/';
// Integration tests of web in front of the api: they load web/src/main.ts by a runtime path on purpose (the api's
// type-check must not compile web), so they are allowed by name to reach web.
const API_THROUGH_WEB_TESTS = '^api/test/throughWeb\\.test\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'remote-imports-outside-its-contract',
      comment:
        'A remote (mfe-*) imports only shared-contracts, remote-kit, npm packages and its own files: never shell internals, ' +
        'another remote, the api or the build tooling (DESIGN.md, Module Federation rules 1 and 3). Its webpack config may use tooling/.',
      severity: 'error',
      // webpack.config.mjs and its ambient webpack.d.ts are build files, not the remote's code
      from: { path: '^(mfe-[^/]+)/', pathNot: '^mfe-[^/]+/webpack\\.(config\\.[cm]?js|d\\.ts)$' },
      to: {
        path: '^(?!shared-contracts/|remote-kit/|node_modules/)[^/]+/',
        pathNot: ['^$1/'],
        dependencyTypesNot: ['core'],
        // an unresolved import is the compiler's finding, not a boundary one
        couldNotResolve: false,
      },
    },
    {
      name: 'remote-feature-imports-another-feature',
      comment:
        'Inside a remote, a feature (src/features/<name>/: its store, view and tests) uses itself, the shared bits at src/ root and ' +
        'packages, never another feature: pages (src/pages/) compose features (issue 26).',
      severity: 'error',
      from: { path: '^(mfe-[^/]+)/src/features/([^/]+)/' },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'remote-imports-its-pages',
      comment:
        'Inside a remote only pages (and the standalone entry, bootstrap.tsx) import src/pages/: features and the shared bits at ' +
        'src/ root sit below the pages; a test of a page sits beside the page (issue 26).',
      severity: 'error',
      from: { path: '^(mfe-[^/]+)/src/', pathNot: '^mfe-[^/]+/src/(pages/|bootstrap\\.tsx$)' },
      to: { path: '^$1/src/pages/' },
    },
    {
      name: 'remote-shared-code-imports-a-feature',
      comment: 'Inside a remote the shared bits at src/ root (lib, i18n, layout, test helpers…) sit below the features and import none (issue 26).',
      severity: 'error',
      from: { path: '^(mfe-[^/]+)/src/', pathNot: '^mfe-[^/]+/src/(pages/|features/|bootstrap\\.tsx$)' },
      to: { path: '^$1/src/features/' },
    },
    {
      name: 'api-imports-front-end',
      comment: 'The api imports nothing of the front end but `shared-contracts/server` (its schemas and server-side contract).',
      severity: 'error',
      from: {
        path: '^api/',
        pathNot: API_THROUGH_WEB_TESTS,
      },
      to: { path: [FRONT_END, '^web/', '^shared-contracts/(?!src/server\\.ts$)'] },
    },
    {
      name: 'api-deep-import-into-another-module',
      comment:
        "An api module (api/src/modules/<name>/) is reached only through its face, index.ts: another module and the api's " +
        'wiring (app.ts, server.ts, jobs, cli, adapters…) never import its other files (issue 26). The tests in api/test may: ' +
        "they are the modules' white-box tests (ledger postings, idempotency races, limits, signatures) and read private files.",
      severity: 'error',
      // $1: the importing module's name; empty outside api/src/modules/, where no module is one's own
      from: { path: '^api/src/(?:modules/([^/]+)/|(?!modules/))' },
      to: { path: '^api/src/modules/[^/]+/(?!index\\.ts$)', pathNot: '^api/src/modules/$1/' },
    },
    {
      name: 'api-imports-signer-internals',
      comment:
        'Issue 28: the api reaches the signer only through `signer/client` (types and an HTTP client): the code that holds the hot key and ' +
        'the deposit xprv and signs (signer/src/*) never loads into the api process.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^signer/', pathNot: '^signer/src/client\\.ts$' },
    },
    {
      name: 'signer-imports-the-api',
      comment: 'Issue 28: the signer is its own process with its own narrow code: it imports nothing of the api or the front end.',
      severity: 'error',
      from: { path: '^signer/' },
      to: { path: '^(api|web|shell|shared-contracts|remote-kit|server-kit|mfe-[^/]+)/' },
    },
    {
      name: 'product-code-imports-the-test-chain',
      comment: 'Issue 28: chain-test (anvil, the test ERC-20, fixed test keys) is for tests only: no product file imports it.',
      severity: 'error',
      from: { path: '^(api|signer)/src/', pathNot: '(\\.test\\.ts|/testKit\\.ts)$' },
      to: { path: '^chain-test/' },
    },
    {
      name: 'server-kit-imports-a-workspace-package',
      comment: "server-kit is the api's and web's shared plumbing: it imports npm packages only, never a workspace package (it knows neither service).",
      severity: 'error',
      from: { path: '^server-kit/' },
      to: { path: '^(?!server-kit/|node_modules/)[^/]+/', dependencyTypesNot: ['core'], couldNotResolve: false },
    },
    {
      name: 'shell-imports-web-server',
      comment: 'The shell (the browser host) never imports the web edge server (web/): web depends on the shell, not the other way round.',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-imports-shell-internals',
      comment:
        "web reads the shell only through its face for web (`shell/for-web`: shell/src/forWeb.ts, named in the shell's package.json " +
        'exports): the route table, texts, SEO request, reachability check and the server render contract.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^shell/', pathNot: '^shell/src/forWeb\\.ts$' },
    },
    {
      name: 'relative-import-into-another-package',
      comment: 'A package reaches another only by its package name (and so only through what that package exports), never by ../ path.',
      severity: 'error',
      // scripts/ belongs to the workspace root, which is no package
      from: { path: '^(?!scripts/)([^/]+)/', pathNot: API_THROUGH_WEB_TESTS },
      to: {
        dependencyTypes: ['local'],
        // a tsconfig `paths` alias is a package name, not a relative path
        dependencyTypesNot: ['aliased'],
        pathNot: '^$1/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist|test-results|playwright-report|coverage)/', '^tooling/lint/fixtures/'] },
    // type-only imports couple packages too
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
      mainFields: ['types', 'module', 'main'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
