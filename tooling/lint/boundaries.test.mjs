// Proves the lint rules with fixtures that break them (issue 8): dependency-cruiser's package boundaries and
// Biome's React hooks rules. Run by `pnpm lint` (node --test).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const fixtures = path.join(here, 'fixtures');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

test('dependency-cruiser reports every boundary fixture, and nothing that is allowed', () => {
  const run = spawnSync(
    bin('depcruise'),
    [
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      'mfe-alpha',
      'mfe-beta',
      'shell',
      'web',
      'server-kit',
      'api',
      'shared-contracts',
      'remote-kit',
      'bench',
      'e2e',
    ],
    { cwd: fixtures, encoding: 'utf8' },
  );
  assert.ok(run.stdout, run.stderr);
  const found = JSON.parse(run.stdout)
    .summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
    .sort();
  assert.deepEqual(found, [
    'api-deep-import-into-another-module: api/src/importsModuleInternal.ts -> api/src/modules/alpha/rate.ts',
    'api-deep-import-into-another-module: api/src/modules/beta/importsAlphaInternal.ts -> api/src/modules/alpha/rate.ts',
    'api-imports-front-end: api/src/importsBrowserContracts.ts -> shared-contracts/src/index.ts',
    'api-imports-front-end: api/src/importsRemoteKit.ts -> remote-kit/src/index.ts',
    'api-imports-front-end: api/src/importsShell.ts -> shell/src/internal.ts',
    'api-imports-front-end: api/test/otherTest.test.ts -> web/src/main.ts',
    'relative-import-into-another-package: api/test/otherTest.test.ts -> web/src/main.ts',
    'relative-import-into-another-package: bench/importsHarnessByPath.ts -> e2e/harness/stack.ts',
    'relative-import-into-another-package: mfe-alpha/src/importsContractsByPath.ts -> shared-contracts/src/index.ts',
    'relative-import-into-another-package: mfe-alpha/src/importsShellByPath.ts -> shell/src/internal.ts',
    'remote-feature-imports-another-feature: mfe-alpha/src/features/orders/importsAnotherFeature.ts -> mfe-alpha/src/features/payments/PaymentStore.ts',
    'remote-imports-its-pages: mfe-alpha/src/features/orders/importsPages.test.ts -> mfe-alpha/src/pages/index.ts',
    'remote-imports-its-pages: mfe-alpha/src/lib/importsPages.ts -> mfe-alpha/src/pages/index.ts',
    'remote-imports-outside-its-contract: mfe-alpha/src/importsOtherRemoteByName.ts -> mfe-beta/src/index.ts',
    'remote-imports-outside-its-contract: mfe-alpha/src/importsShellByName.ts -> shell/src/internal.ts',
    'remote-imports-outside-its-contract: mfe-alpha/src/importsShellByPath.ts -> shell/src/internal.ts',
    'remote-shared-code-imports-a-feature: mfe-alpha/src/lib/importsFeature.ts -> mfe-alpha/src/features/orders/OrderStore.ts',
    'server-kit-imports-a-workspace-package: server-kit/src/importsContracts.ts -> shared-contracts/src/server.ts',
    'shell-imports-web-server: shell/src/importsWebServer.ts -> web/src/main.ts',
    'web-imports-shell-internals: web/src/importsShellInternals.ts -> shell/src/internal.ts',
  ]);
});

test("Biome's hooks rules fail a conditional hook and a missing effect dependency", () => {
  // The root config excludes the fixtures folder, so the fixture is linted with that config in a scratch folder.
  const scratch = mkdtempSync(path.join(tmpdir(), 'lint-hooks-'));
  try {
    const config = readFileSync(path.join(root, 'biome.jsonc'), 'utf8')
      .replace(/"\$schema": "[^"]*",/, '')
      .replace(/"vcs": \{[^}]*\},/, '');
    writeFileSync(path.join(scratch, 'biome.jsonc'), config);
    mkdirSync(path.join(scratch, 'mfe-alpha/src'), { recursive: true });
    copyFileSync(path.join(fixtures, 'hooks/HooksBroken.tsx'), path.join(scratch, 'mfe-alpha/src/HooksBroken.tsx'));
    const run = spawnSync(bin('biome'), ['lint', '--reporter=json', 'mfe-alpha'], { cwd: scratch, encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    const rules = new Set(JSON.parse(run.stdout).diagnostics.map((d) => d.category));
    assert.ok(rules.has('lint/correctness/useHookAtTopLevel'), [...rules].join(', '));
    assert.ok(rules.has('lint/correctness/useExhaustiveDependencies'), [...rules].join(', '));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
