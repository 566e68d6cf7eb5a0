// One federation runtime on the page (DESIGN rule 3, issue 27): the host gives the remotes the very runtime-core it
// runs itself (`provideExternalRuntime`), not a second CommonJS copy of it. The factory aliases the external-runtime
// plugin's CommonJS build (what `provideExternalRuntime` adds by `require.resolve`) to its ESM build; a shell dist/
// built by the current factory carries runtime-core once.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function browserConfigOf(dir) {
  const factory = (await import(pathToFileURL(path.join(root, dir, 'webpack.config.mjs')).href)).default;
  const config = factory({}, { mode: 'production' });
  return (Array.isArray(config) ? config : [config]).find((c) => c.name === 'browser');
}

test("shell: the external runtime-core plugin is the ESM build, which hands the remotes the host's own runtime-core", async () => {
  const browser = await browserConfigOf('shell');
  const federation = browser.plugins.find((p) => p?.constructor?.name === 'ModuleFederationPlugin');
  assert.equal(federation._options.experiments.provideExternalRuntime, true);
  assert.equal(federation._options.experiments.optimization?.target, 'web');
  const entries = Object.entries(browser.resolve.alias ?? {});
  assert.equal(entries.length, 1);
  const [cjs, esm] = entries[0];
  assert.match(cjs, /inject-external-runtime-core-plugin\/dist\/index\.cjs$/);
  assert.match(esm, /inject-external-runtime-core-plugin\/dist\/index\.js$/);
  assert.ok(existsSync(esm), esm);
  // the ESM build imports runtime-core as ESM (the host's copy), never with require
  const source = readFileSync(esm, 'utf8');
  assert.match(source, /^import \* as runtimeCore from "@module-federation\/runtime-tools\/runtime-core";/m);
  assert.equal(/\brequire\(/.test(source), false);
});

test('a remote: uses the external runtime in production, without an alias of its own', async () => {
  const browser = await browserConfigOf('mfe-exchange');
  const federation = browser.plugins.find((p) => p?.constructor?.name === 'ModuleFederationPlugin');
  assert.equal(federation._options.experiments.externalRuntime, true);
  assert.equal(federation._options.experiments.optimization?.target, 'web');
  assert.deepEqual(browser.resolve.alias, {});
});

const assets = path.join(root, 'shell/dist/assets');
const factoryTime = statSync(path.join(root, 'tooling/webpack/createConfig.mjs')).mtimeMs;
const entryFile = existsSync(assets) ? readdirSync(assets).find((f) => /^main\.[0-9a-f]+\.js$/.test(f)) : undefined;
const built = !!entryFile && statSync(path.join(assets, entryFile)).mtimeMs >= factoryTime;
test("shell: the built entry carries runtime-core's hooks once", { skip: built ? false : 'no shell dist/ built by the current factory' }, () => {
  const text = readFileSync(path.join(assets, entryFile), 'utf8');
  // a hook name of runtime-core's loader (core.ts): twice when the CommonJS copy rode along
  assert.equal(text.split('"afterLoadEntry"').length - 1, 1);
});
