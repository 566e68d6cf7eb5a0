// What a remote's production build may contain and how it is signed (issue 24):
//   - no standalone dev host (remote-kit/src/standalone.tsx reads `?api=` and would render whatever that api answers
//     on the site's origin, /remotes/<dir>/index.html, if it ever booted): the factory's production config has no
//     page of its own, and a built dist/ (when it was built by the current factory) carries none of the host's marks;
//   - the signing tool's round trip: keygen, sign, verify; a changed or added server file and another key are refused.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REMOTES } from 'shared-contracts/remotes';
import { generateSigningKey, parsePublicKeys, signServerDir, verifyServerDir, verifySignature } from '../sign/signature.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// strings only the standalone dev host has (its marker attribute and its unknown-page text)
const DEV_HOST_MARKS = ['data-standalone-dev-host', 'Unknown page “'];

async function configOf(dir, mode) {
  const factory = (await import(pathToFileURL(path.join(root, dir, 'webpack.config.mjs')).href)).default;
  const config = factory({}, { mode });
  return Array.isArray(config) ? config : [config];
}

const htmlPages = (config) => (config.plugins ?? []).filter((p) => p?.constructor?.name === 'HtmlWebpackPlugin');

for (const remote of REMOTES) {
  test(`${remote.dir}: the production build has no page of its own (no standalone dev host); development keeps it`, async () => {
    const [browser, server] = await configOf(remote.dir, 'production');
    assert.deepEqual(browser.entry, {});
    assert.equal(htmlPages(browser).length, 0);
    assert.deepEqual(server.entry, {});
    const [dev] = await configOf(remote.dir, 'development');
    assert.deepEqual(dev.entry, { main: './src/index.ts' });
    assert.equal(htmlPages(dev).length, 1);
  });

  const dist = path.join(root, remote.dir, 'dist');
  const factoryTime = Math.max(...['createConfig.mjs', 'serverConfig.mjs'].map((f) => statSync(path.join(root, 'tooling/webpack', f)).mtimeMs));
  const manifest = path.join(dist, 'mf-manifest.json');
  const built = existsSync(manifest) && statSync(manifest).mtimeMs >= factoryTime;
  test(`${remote.dir}: its built dist/ carries nothing of the dev host`, { skip: built ? false : 'no dist/ built by the current factory' }, () => {
    assert.equal(existsSync(path.join(dist, 'index.html')), false, 'dist/index.html (the standalone page) exists');
    const files = (dir) =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    for (const file of files(dist).filter((f) => /\.(js|html|json)$/.test(f))) {
      const text = readFileSync(file, 'utf8');
      for (const mark of DEV_HOST_MARKS) assert.equal(text.includes(mark), false, `${path.relative(root, file)} contains "${mark}"`);
    }
  });
}

test('signing: keygen, sign, verify; a changed or added server file and another key are refused', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'remote-sign-'));
  try {
    const app = path.join(dir, 'mfe-blog');
    const server = path.join(app, 'dist/server');
    mkdirSync(path.join(server, 'nested'), { recursive: true });
    writeFileSync(path.join(server, 'remoteEntry.js'), 'module.exports = 1;\n');
    writeFileSync(path.join(server, 'nested/1.abc.js'), 'exports.x = 2;\n');
    const cli = path.join(root, 'tooling/sign/sign.mjs');
    const keyFile = path.join(dir, 'team.key.pem');
    const keygen = spawnSync(process.execPath, [cli, 'keygen', keyFile], { encoding: 'utf8' });
    assert.equal(keygen.status, 0, keygen.stderr);
    const publicKey = keygen.stdout.trim().split('\n').at(-1);
    assert.equal(parsePublicKeys(publicKey).length, 1);
    const signed = spawnSync(process.execPath, [cli, 'sign', app, '--key', keyFile], { encoding: 'utf8' });
    assert.equal(signed.status, 0, signed.stderr);
    const verified = spawnSync(process.execPath, [cli, 'verify', app, '--public-key', publicKey], { encoding: 'utf8' });
    assert.equal(verified.status, 0, verified.stderr);
    assert.match(verified.stdout, /2 files, signature by [0-9a-f]{16} verifies/);

    const keys = parsePublicKeys(publicKey);
    const other = parsePublicKeys(generateSigningKey().publicPem);
    const text = readFileSync(path.join(server, 'signature.json'), 'utf8');
    assert.throws(() => verifySignature(text, 'mfe_blog', other), /does not verify/);
    assert.throws(() => verifySignature(text, 'mfe_order', keys), /signed for mfe_blog, not for mfe_order/);
    appendFileSync(path.join(server, 'nested/1.abc.js'), 'process.exit(1);\n');
    assert.throws(() => verifyServerDir(server, 'mfe_blog', keys), /server\/nested\/1\.abc\.js does not match its signature/);
    signServerDir(server, 'mfe_blog', readFileSync(keyFile, 'utf8'));
    writeFileSync(path.join(server, 'extra.js'), '');
    assert.throws(() => verifyServerDir(server, 'mfe_blog', keys), /unsigned file\(s\) in server\/: extra\.js/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
