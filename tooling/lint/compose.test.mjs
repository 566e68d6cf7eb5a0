// Keeps docker-compose.yml in step with the one list of remotes (shared-contracts/remotes.cjs), which compose cannot
// read: one static-server service per remote, named by its dir and serving <dir>/dist on its dev port, and web's
// REMOTE_<NAME>_URL pointing at that port. Run by `pnpm lint` (node --test tooling/lint/).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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
