// The Dockerfile cannot be built on this machine kind (no container registry is reachable, README "Production"), so
// `pnpm lint` checks its shape instead: every stage on Node 24 LTS, a multi-stage build whose last stage runs as a
// non-root user, STOPSIGNAL SIGTERM, the default command node itself (PID 1 receives the signal), no secret baked in,
// and .dockerignore keeping secrets, node_modules and builds out while content/ goes in. Issue 26: the runtime's
// packages are the services' production dependencies alone (a `--prod` install of the api and web), checked here
// against the lockfile: none of them pulls a build or test tool.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { REMOTES } from 'shared-contracts/remotes';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Dockerfile instructions: comments dropped, `\` continuations joined; [{ op, args }] */
function instructions(text) {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [, op, args] = line.match(/^(\S+)\s*(.*)$/);
      return { op: op.toUpperCase(), args };
    });
}

const dockerfile = instructions(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const stages = [];
for (const ins of dockerfile) {
  if (ins.op === 'FROM') stages.push({ from: ins.args, body: [] });
  else stages.at(-1)?.body.push(ins);
}

test('Dockerfile: every external base is Node 24 (bookworm slim); multi-stage', () => {
  assert.ok(stages.length >= 2, 'a build stage and a runtime stage');
  const names = new Set(stages.map((s) => s.from.match(/\bAS\s+(\S+)/i)?.[1]).filter(Boolean));
  for (const { from } of stages) {
    const image = from.split(/\s+/)[0];
    if (names.has(image)) continue; // FROM an earlier stage
    assert.match(image, /^node:24-bookworm-slim$/, `FROM ${image}`);
  }
  assert.equal(stages.at(-1).from.split(/\s+/)[0], 'node:24-bookworm-slim', 'the runtime starts from a clean base (no build tools, no store)');
});

test('Dockerfile: the runtime stage builds nothing, runs as a non-root user and stops on SIGTERM', () => {
  const runtime = stages.at(-1).body;
  const users = runtime.filter((i) => i.op === 'USER').map((i) => i.args);
  assert.ok(users.length > 0 && !/^(root|0)(:|$)/.test(users.at(-1)), `USER in the runtime stage: ${users.at(-1)}`);
  assert.deepEqual(
    runtime.filter((i) => i.op === 'STOPSIGNAL').map((i) => i.args),
    ['SIGTERM'],
  );
  const cmd = JSON.parse(runtime.findLast((i) => i.op === 'CMD').args);
  assert.equal(cmd[0], 'node', 'exec form, node itself as PID 1');
  assert.ok(!runtime.some((i) => i.op === 'RUN' && /pnpm (install|build)|webpack/.test(i.args)), 'built in the build stage only');
  assert.ok(runtime.some((i) => i.op === 'COPY' && /--from=build/.test(i.args)));
});

/** A stage by its `AS` name. */
const stage = (name) => stages.find((s) => new RegExp(`\\bAS\\s+${name}$`, 'i').test(s.from));

test('Dockerfile: the runtime holds the production install of the api and web, and only the bundles of the build', () => {
  const prod = stage('prod');
  assert.ok(prod, 'a prod stage');
  const install = prod.body.find((i) => i.op === 'RUN' && /pnpm install/.test(i.args));
  assert.ok(install, 'prod: pnpm install');
  for (const flag of ['--prod', '--frozen-lockfile', '--offline', '--filter "api..."', '--filter "web..."']) {
    assert.ok(install.args.includes(flag), `prod: pnpm install ${flag}`);
  }
  const copies = stages
    .at(-1)
    .body.filter((i) => i.op === 'COPY')
    .map((i) => i.args.split(/\s+/));
  const fromBuild = copies.filter((a) => a[0] === '--from=build').map((a) => a.slice(1));
  // the build stage's node_modules (webpack, rspack, jest, TypeScript, Lighthouse) never reach the runtime
  for (const [src] of fromBuild) assert.match(src, /^\/app\/(\.data|[a-z-]+\/dist)$/, `COPY --from=build ${src}: a bundle or the dev key's public half`);
  const built = fromBuild.map(([src]) => src);
  for (const dir of ['shell', ...REMOTES.map((r) => r.dir)]) assert.ok(built.includes(`/app/${dir}/dist`), `the runtime has ${dir}/dist`);
  assert.ok(built.includes('/app/.data'), "the dev signing key's public half (web verifies the remotes' server code with it)");
  assert.deepEqual(
    copies.filter((a) => a[0] === '--from=prod'),
    [['--from=prod', '/app', '/app']],
  );
});

test('the production dependencies of the api and web pull no build or test tool (pnpm-lock.yaml)', () => {
  const lock = parse(readFileSync(path.join(root, 'pnpm-lock.yaml'), 'utf8'));
  const seen = new Set();
  const packages = new Set();
  const visitImporter = (dir) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const importer = lock.importers[dir];
    assert.ok(importer, `pnpm-lock.yaml importer ${dir}`);
    for (const [name, { version }] of Object.entries({ ...importer.dependencies, ...importer.optionalDependencies })) {
      if (version.startsWith('link:')) visitImporter(path.posix.normalize(path.posix.join(dir, version.slice('link:'.length))));
      else visitSnapshot(`${name}@${version}`);
    }
  };
  const visitSnapshot = (key) => {
    if (packages.has(key)) return;
    packages.add(key);
    const snapshot = lock.snapshots[key];
    assert.ok(snapshot, `pnpm-lock.yaml snapshot ${key}`);
    for (const [name, version] of Object.entries({ ...snapshot.dependencies, ...snapshot.optionalDependencies })) visitSnapshot(`${name}@${version}`);
  };
  visitImporter('api');
  visitImporter('web');
  const names = new Set([...packages].map((key) => key.slice(0, key.indexOf('@', 1))));
  assert.ok(names.has('fastify') && names.has('tsx'), "the walk reaches the services' own dependencies");
  const tools = ['webpack', '@rspack/core', '@swc/core', 'jest', 'typescript', '@playwright/test', 'playwright', 'lighthouse', 'webpack-dev-server'];
  assert.deepEqual(
    tools.filter((t) => names.has(t)),
    [],
    'a build or test tool in the production dependencies: make it a devDependency of the package that names it',
  );
});

test('Dockerfile: no secret or credential is baked in', () => {
  for (const ins of dockerfile.filter((i) => i.op === 'ENV' || i.op === 'ARG')) {
    assert.doesNotMatch(ins.args, /SECRET|PASSWORD|TOKEN|DATA_ENCRYPTION_KEY|SMTP_URL|DATABASE_URL|REDIS_URL/i, `${ins.op} ${ins.args}`);
  }
  const env = dockerfile
    .filter((i) => i.op === 'ENV')
    .map((i) => i.args)
    .join(' ');
  assert.match(env, /NODE_ENV=production/);
  assert.doesNotMatch(env, /SANDBOX_MODE/, 'the mode is chosen at run time (compose, the Kubernetes overlays)');
});

test('.dockerignore keeps secrets, dependencies and builds out, and content/ in', () => {
  const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const entry of ['.git', 'node_modules', '**/node_modules', '**/dist', '.env', '.env.*', '**/secret.env']) {
    assert.ok(ignored.includes(entry), `.dockerignore: ${entry}`);
  }
  assert.ok(!ignored.some((l) => /^!?\/?content\b/.test(l) || l === '*'), 'content/ is indexed by the api at start-up');
});

test('Dockerfile: COPY sources exist and are in the build context; the commands it and compose run resolve', () => {
  const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const ins of dockerfile.filter((i) => i.op === 'COPY' && !/--from=/.test(i.args))) {
    const sources = ins.args
      .split(/\s+/)
      .filter((a) => !a.startsWith('--'))
      .slice(0, -1);
    for (const src of sources) {
      if (src === '.') continue;
      assert.ok(existsSync(path.join(root, src)), `COPY ${src}: exists`);
      assert.ok(!ignored.includes(src), `COPY ${src}: not excluded by .dockerignore`);
    }
  }
  // the default command (the api) runs `node --import tsx` in /app/api: tsx must be the api's own dependency
  const runtime = stages.at(-1).body;
  assert.equal(runtime.findLast((i) => i.op === 'WORKDIR').args, '/app/api');
  for (const pkg of ['api', 'web']) {
    const manifest = JSON.parse(readFileSync(path.join(root, pkg, 'package.json'), 'utf8'));
    assert.ok(manifest.dependencies?.tsx ?? manifest.devDependencies?.tsx, `${pkg}/package.json lists tsx (node --import tsx)`);
  }
  assert.ok(existsSync(path.join(root, 'api/src/main.ts')) && existsSync(path.join(root, 'web/src/main.ts')));
  assert.ok(existsSync(path.join(root, 'tooling/static-server.mjs')));
  assert.deepEqual(JSON.parse(runtime.findLast((i) => i.op === 'CMD').args), ['node', '--import', 'tsx', 'src/main.ts']);
});
