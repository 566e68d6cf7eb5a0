// `pnpm lint:openapi`: generates the OpenAPI document (shared-contracts/src/openapi.ts, printed by
// `pnpm --filter shared-contracts openapi`) into a temporary file and lints it with Redocly CLI's `recommended`
// ruleset (.redocly.yaml). Redocly exits non-zero on errors only; this fails on any warning as well (issue 13: no
// errors and no warnings). Offline: no telemetry, no update check.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const redoclyCli = require.resolve('@redocly/cli/bin/cli.js');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

const generated = spawnSync('pnpm', ['--silent', '--filter', 'shared-contracts', 'openapi'], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (generated.status !== 0) {
  process.stderr.write(generated.stderr);
  console.error('lint:openapi: generating the document failed');
  process.exit(1);
}
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, generated.stdout);

const redocly = (format) =>
  spawnSync(process.execPath, [redoclyCli, 'lint', file, '--config', path.join(root, '.redocly.yaml'), '--lint-config=error', `--format=${format}`], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

try {
  const run = redocly('json');
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    process.stderr.write(run.stdout + run.stderr);
    console.error('lint:openapi: Redocly CLI gave no report');
    process.exit(1);
  }
  const { errors, warnings } = report.totals;
  const doc = JSON.parse(generated.stdout);
  const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  if (errors + warnings > 0) {
    // The same problems again, in Redocly's own readable form with the document's lines around each.
    process.stdout.write(redocly('codeframe').stdout);
    const byRule = new Map();
    for (const p of report.problems) byRule.set(`${p.severity} ${p.ruleId}`, (byRule.get(`${p.severity} ${p.ruleId}`) ?? 0) + 1);
    for (const [rule, count] of byRule) console.log(`  ${rule}: ${count}`);
  }
  const verdict = errors + warnings === 0 ? 'ok' : 'FAILED';
  console.log(
    `OpenAPI lint (Redocly CLI ${report.version}, recommended): ${errors} errors, ${warnings} warnings in ${Object.keys(doc.paths).length} paths, ${operations} operations — ${verdict}`,
  );
  process.exitCode = errors + warnings === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
