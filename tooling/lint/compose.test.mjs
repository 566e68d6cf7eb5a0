// Keeps docker-compose.yml in step with the one list of remotes (shared-contracts/remotes.cjs), which compose cannot
// read: one static-server service per remote, named by its dir and serving <dir>/dist on its dev port, and web's
// REMOTE_<NAME>_URL pointing at that port. Run by `pnpm lint` (node --test tooling/lint/). Issue 14: the file is
// valid compose (Debian's docker-compose), and the drain, metrics, replica and healthcheck rules below hold.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { REMOTES } from 'shared-contracts/remotes';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const services = compose.services;

test('docker-compose.yml has one static-server service per remote, on its dev port', () => {
  const remoteServices = Object.keys(services)
    .filter((name) => /^mfe-/.test(name) || services[name].command?.includes('tooling/static-server.mjs'))
    .sort();
  assert.deepEqual(remoteServices, REMOTES.map((r) => r.dir).sort(), 'the remote services are exactly the remotes of shared-contracts/remotes.cjs');
  for (const r of REMOTES) {
    const service = services[r.dir];
    const port = String(r.devPort);
    assert.deepEqual(service.command, ['node', 'tooling/static-server.mjs', `${r.dir}/dist`, port], `${r.dir}: command`);
    assert.equal(String(service.environment?.PORT), port, `${r.dir}: environment.PORT`);
    assert.deepEqual(service.ports, [`${port}:${port}`], `${r.dir}: ports`);
    assert.ok(service.healthcheck, `${r.dir}: the remote healthcheck (<<: *remote)`);
  }
});

test("web's environment has REMOTE_<NAME>_URL and REMOTE_<NAME>_SERVER_URL for every remote, and no other", () => {
  const env = services.web.environment;
  const remoteVars = Object.keys(env)
    .filter((key) => /^REMOTE_.*_URL$/.test(key))
    .sort();
  const expected = REMOTES.flatMap((r) => [`REMOTE_${r.name.toUpperCase()}_URL`, `REMOTE_${r.name.toUpperCase()}_SERVER_URL`]).sort();
  assert.deepEqual(remoteVars, expected);
  for (const r of REMOTES) {
    assert.equal(env[`REMOTE_${r.name.toUpperCase()}_URL`], `http://localhost:${r.devPort}`, `${r.name}: the public URL of service ${r.dir}`);
    // server rendering: web reaches the service by its name inside the compose network
    assert.equal(env[`REMOTE_${r.name.toUpperCase()}_SERVER_URL`], `http://${r.dir}:${r.devPort}`, `${r.name}: web's URL of service ${r.dir}`);
  }
});

// ── issue 14: the file is valid compose, and the production-shape rules hold ──

const durationMs = (value) => {
  // compose durations: 30s, 1m30s, 500ms
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, n, u] of String(value).matchAll(re)) total += Number(n) * unit[u];
  return total;
};

const hasDockerCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

// Debian's docker-compose (apt-get install docker-compose; .ci/run installs it) validates the whole file against its
// compose schema: unknown keys, wrong types, bad interpolation. Without it (a developer's machine before the apt
// step) this one check is skipped here and CI, which always has it, still runs it.
test('docker-compose config -q accepts docker-compose.yml', {
  skip: !hasDockerCompose && !process.env.CI && 'docker-compose is not installed (apt-get install docker-compose)',
}, () => {
  const run = spawnSync('docker-compose', ['-f', path.join(root, 'docker-compose.yml'), 'config', '-q'], {
    encoding: 'utf8',
    // the two keys compose requires from .env (issue 24): any values, for the file's validation only
    env: { ...process.env, COMPOSE_PROJECT_NAME: 'exchange-lint', JWT_SECRET: 'lint-'.repeat(8), DATA_ENCRYPTION_KEY: 'lint-'.repeat(8) },
  });
  assert.equal(run.error, undefined, `docker-compose could not run: ${run.error?.message} (apt-get install docker-compose)`);
  assert.equal(run.status, 0, `docker-compose config -q:\n${run.stderr}${run.stdout}`);
});

test('api and web drain on SIGTERM within their grace period, and run node as PID 1', () => {
  for (const name of ['api', 'web']) {
    const s = services[name];
    const timeout = Number(s.environment.SHUTDOWN_TIMEOUT_MS);
    assert.ok(timeout > 0, `${name}: SHUTDOWN_TIMEOUT_MS`);
    assert.ok(durationMs(s.stop_grace_period) > timeout, `${name}: stop_grace_period (${s.stop_grace_period}) above SHUTDOWN_TIMEOUT_MS (${timeout})`);
    assert.equal(s.command[0], 'node', `${name}: node itself receives SIGTERM (not pnpm)`);
    assert.equal(s.init, true, `${name}: an init forwards SIGTERM (node as PID 1 ignores signals it does not handle)`);
    assert.match(String(s.environment.LOG_LEVEL), /^\$\{LOG_LEVEL:-info\}$/, `${name}: LOG_LEVEL from the environment, info by default (§9)`);
  }
});

test('metrics ports are set and never published; only web and the remotes publish ports', () => {
  assert.equal(String(services.api.environment.METRICS_PORT), '9464');
  assert.equal(String(services.web.environment.WEB_METRICS_PORT), '9465');
  for (const [name, s] of Object.entries(services)) {
    for (const mapping of s.ports ?? []) assert.ok(!/\b946\d\b/.test(String(mapping)), `${name} publishes a metrics port: ${mapping}`);
  }
  assert.equal(services.api.ports, undefined, 'the api is reached through web only');
  assert.deepEqual(services.web.ports, ['8080:8080']);
});

test('two api replicas; healthchecks call the health routes of the route table', () => {
  assert.equal(services.api.deploy?.replicas, 2);
  const routeTable = readdirSync(path.join(root, 'shared-contracts/src/domains'))
    .map((domain) => readFileSync(path.join(root, 'shared-contracts/src/domains', domain, 'routes.ts'), 'utf8'))
    .join('\n');
  const apiCheck = services.api.healthcheck.test.join(' ');
  const apiPath = apiCheck.match(/127\.0\.0\.1:3000(\/[^'"]+)/)?.[1];
  assert.equal(apiPath, '/api/v1/healthz', 'api: the liveness call (not the database-dependent /health)');
  assert.ok(routeTable.includes(`path: '${apiPath}'`), `${apiPath} is a route of shared-contracts (src/domains/*/routes.ts)`);
  assert.match(services.web.healthcheck.test.join(' '), /127\.0\.0\.1:8080\/remotes\.json/);
  assert.deepEqual(services.web.depends_on, { api: { condition: 'service_healthy' } });
  for (const name of ['postgres', 'redis', 'api', 'web']) assert.ok(services[name].healthcheck, `${name}: healthcheck`);
});
