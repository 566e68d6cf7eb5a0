#!/usr/bin/env node
// A remote team's signing tool (docs/SLICES.md "How a team signs and ships its slice"; format in ./signature.mjs).
//   node tooling/sign/sign.mjs keygen <private-key-file>         a team key pair: the private key to that file (0600),
//                                                               the public key printed for web's REMOTE_<NAME>_PUBLIC_KEY
//   node tooling/sign/sign.mjs sign <mfe-dir> [--key <file>]     writes <mfe-dir>/dist/server/signature.json
//                                                               (key: --key, REMOTE_<NAME>_SIGNING_KEY_FILE,
//                                                               REMOTE_SIGNING_KEY_FILE, else the workspace's dev key)
//   node tooling/sign/sign.mjs verify <mfe-dir> --public-key <base64|PEM file>   what web checks, before publishing
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from 'shared-contracts/remotes';
import { generateSigningKey, parsePublicKeys, signingKeyFor, signServerDir, verifyServerDir } from './signature.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [command, target, ...rest] = process.argv.slice(2);
const option = (name) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};

function remoteOf(dir) {
  const remote = REMOTES.find((r) => r.dir === path.basename(path.resolve(dir)));
  if (!remote) throw new Error(`${dir} is not a remote of shared-contracts/remotes.cjs`);
  return { ...remote, serverDir: path.join(path.resolve(dir), 'dist/server') };
}

function main() {
  if (command === 'keygen' && target) {
    if (existsSync(target)) throw new Error(`${target} exists: not overwritten`);
    const key = generateSigningKey();
    writeFileSync(target, key.privatePem, { mode: 0o600 });
    console.log(`private key (keep it secret, sign with it): ${target}`);
    console.log(`public key ${key.keyId}, for web's REMOTE_<NAME>_PUBLIC_KEY:\n${key.publicBase64}`);
    return;
  }
  if (command === 'sign' && target) {
    const remote = remoteOf(target);
    const file = option('--key');
    const key = file ? { privatePem: readFileSync(file, 'utf8'), source: file } : signingKeyFor(root, remote.name);
    signServerDir(remote.serverDir, remote.name, key.privatePem);
    console.log(`signed ${remote.dir}/dist/server with ${key.source}`);
    return;
  }
  if (command === 'verify' && target) {
    const remote = remoteOf(target);
    const given = option('--public-key');
    if (!given) throw new Error('--public-key <base64 | PEM file> is required');
    const keys = parsePublicKeys(existsSync(given) ? readFileSync(given, 'utf8') : given);
    const { keyId, files } = verifyServerDir(remote.serverDir, remote.name, keys);
    console.log(`${remote.dir}/dist/server: ${files} files, signature by ${keyId} verifies`);
    return;
  }
  throw new Error('usage: sign.mjs keygen <private-key-file> | sign <mfe-dir> [--key <file>] | verify <mfe-dir> --public-key <key>');
}

try {
  main();
} catch (error) {
  console.error(`sign.mjs: ${error.message}`);
  process.exit(1);
}
