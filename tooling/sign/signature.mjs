// Signed remote server code (issue 24, docs/SLICES.md "How a team signs and ships its slice"). A remote's server half
// (dist/server/: remoteEntry.js and its chunks) is what web runs in its own process, so web runs it only when the
// remote's team signed it. The build writes dist/server/signature.json beside the files:
//   { "format": "exchange-remote-server-signature/1", "keyId": "<16 hex>", "payload": "<base64>", "signature": "<base64>" }
// payload: the UTF-8 JSON { "remote": "mfe_blog", "files": { "remoteEntry.js": "<sha256 hex>", "212.ab12cd34ef.js": … } }
// listing every file of dist/server/ (signature.json excepted); signature: Ed25519 over the payload's bytes exactly as
// they are base64-encoded there (no canonical JSON needed); keyId: the first 16 hex of sha256 over the raw public key.
// web fetches signature.json, verifies it with the keys it holds for that remote, then fetches every listed script
// and compares its sha256 before anything of it runs (web/src/ssr/signedRemotes.ts).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SIGNATURE_FILE = 'signature.json';
export const SIGNATURE_FORMAT = 'exchange-remote-server-signature/1';

/** The workspace's dev key (sandbox and development builds): private part never leaves node_modules/.cache. */
export function devKeyPaths(root) {
  return {
    privateKey: path.join(root, 'node_modules/.cache/remote-signing/dev-ed25519.key.pem'),
    // .data/ is kept by the image (Dockerfile) while node_modules/.cache is deleted there: web finds the public half
    publicKey: path.join(root, '.data/remote-signing/dev-ed25519.pub.pem'),
  };
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** keyId of an Ed25519 public key: sha256 over its 32 raw bytes, first 16 hex. */
export function keyIdOf(publicKey) {
  const raw = publicKey.export({ format: 'jwk' }).x;
  return sha256(Buffer.from(raw, 'base64url')).slice(0, 16);
}

/**
 * One or more Ed25519 public keys from configuration: PEM (SPKI), or base64 of the 32 raw bytes, several separated
 * by commas or whitespace (two during a key rotation). Anything else throws.
 */
export function parsePublicKeys(value) {
  const text = (value ?? '').trim();
  if (!text) return [];
  const pems = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g);
  const items = pems ?? text.split(/[\s,]+/).filter(Boolean);
  return items.map((item) => {
    let key;
    if (item.startsWith('-----BEGIN')) key = createPublicKey(item);
    else {
      const raw = Buffer.from(item, 'base64');
      if (raw.length !== 32) throw new Error(`not an Ed25519 public key (base64 of 32 bytes or PEM): "${item.slice(0, 12)}…"`);
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    }
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 public key (${key.asymmetricKeyType})`);
    return key;
  });
}

/** A new team key pair: the private key as PKCS#8 PEM (keep it secret), the public one as PEM and as raw base64. */
export function generateSigningKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    publicBase64: Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url').toString('base64'),
    keyId: keyIdOf(publicKey),
  };
}

/** The workspace's dev key pair, made on first use (scripts/build.mjs); the public PEM is (re)written beside. */
export function ensureDevKey(root) {
  const paths = devKeyPaths(root);
  if (!existsSync(paths.privateKey)) {
    mkdirSync(path.dirname(paths.privateKey), { recursive: true });
    writeFileSync(paths.privateKey, generateSigningKey().privatePem, { mode: 0o600 });
    chmodSync(paths.privateKey, 0o600);
  }
  const privatePem = readFileSync(paths.privateKey, 'utf8');
  const publicPem = createPublicKey(createPrivateKey(privatePem)).export({ format: 'pem', type: 'spki' }).toString();
  if (!existsSync(paths.publicKey) || readFileSync(paths.publicKey, 'utf8') !== publicPem) {
    mkdirSync(path.dirname(paths.publicKey), { recursive: true });
    writeFileSync(paths.publicKey, publicPem);
  }
  return { privatePem, publicPem, paths };
}

function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else if (entry.isFile() && rel !== SIGNATURE_FILE) out.push(rel);
  }
  return out.sort();
}

/** The signature.json text for `files` (path → contents) of `remote`, signed with `privatePem`. */
export function signFiles(remote, files, privatePem) {
  const privateKey = createPrivateKey(privatePem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`the signing key is ${privateKey.asymmetricKeyType}, not Ed25519`);
  const hashes = Object.fromEntries(Object.entries(files).map(([rel, bytes]) => [rel, sha256(bytes)]));
  const payload = Buffer.from(JSON.stringify({ remote, files: hashes }));
  return `${JSON.stringify(
    {
      format: SIGNATURE_FORMAT,
      keyId: keyIdOf(createPublicKey(privateKey)),
      payload: payload.toString('base64'),
      signature: sign(null, payload, privateKey).toString('base64'),
    },
    null,
    2,
  )}\n`;
}

/** Writes dist/server/signature.json for the files of `serverDir` (a remote's dist/server/), signed with `privatePem`. */
export function signServerDir(serverDir, remote, privatePem) {
  const rels = listFiles(serverDir);
  if (!rels.includes('remoteEntry.js')) throw new Error(`${serverDir} has no remoteEntry.js: build the remote first`);
  const text = signFiles(remote, Object.fromEntries(rels.map((rel) => [rel, readFileSync(path.join(serverDir, rel))])), privatePem);
  writeFileSync(path.join(serverDir, SIGNATURE_FILE), text);
  return text;
}

const SAFE_PATH = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/;

/**
 * Checks a signature.json text for `remote` against `keys`: answers the signed file list (path → sha256 hex) and
 * the payload's digest, or throws an Error saying why it is refused.
 */
export function verifySignature(text, remote, keys) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error(`${SIGNATURE_FILE} is not JSON`);
  }
  if (doc?.format !== SIGNATURE_FORMAT || typeof doc.payload !== 'string' || typeof doc.signature !== 'string') {
    throw new Error(`${SIGNATURE_FILE} is not in the ${SIGNATURE_FORMAT} format`);
  }
  if (keys.length === 0) throw new Error('no public key is trusted for it');
  const payload = Buffer.from(doc.payload, 'base64');
  const signature = Buffer.from(doc.signature, 'base64');
  const by = keys.find((key) => {
    try {
      return verify(null, payload, key, signature);
    } catch {
      return false;
    }
  });
  if (!by) throw new Error(`the signature does not verify with its trusted key(s) (signed by key ${String(doc.keyId).slice(0, 16)})`);
  let signed;
  try {
    signed = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new Error('the signed payload is not JSON');
  }
  if (signed?.remote !== remote) throw new Error(`it is signed for ${String(signed?.remote)}, not for ${remote}`);
  const files = signed.files ?? {};
  for (const [rel, hash] of Object.entries(files)) {
    if (!SAFE_PATH.test(rel) || rel.split('/').includes('..') || !/^[0-9a-f]{64}$/.test(String(hash)))
      throw new Error(`the signed list has an invalid entry "${rel}"`);
  }
  if (!files['remoteEntry.js']) throw new Error('the signed list has no remoteEntry.js');
  return { files, digest: sha256(payload).slice(0, 16), keyId: keyIdOf(by) };
}

/**
 * The key a build signs a remote with: REMOTE_<NAME>_SIGNING_KEY_FILE, else REMOTE_SIGNING_KEY_FILE (a PKCS#8 PEM
 * file, the team's key, e.g. mounted from the CI's secret store), else the workspace's dev key (made on first use).
 */
export function signingKeyFor(root, remote, env = process.env) {
  const file = env[`REMOTE_${remote.toUpperCase()}_SIGNING_KEY_FILE`]?.trim() || env.REMOTE_SIGNING_KEY_FILE?.trim();
  if (file) return { privatePem: readFileSync(file, 'utf8'), source: file, dev: false };
  return { privatePem: ensureDevKey(root).privatePem, source: 'the dev key', dev: true };
}

/** Whether dist/server/signature.json exists and was made with this private key (a new dev key re-signs). */
export function signedWith(serverDir, privatePem) {
  const file = path.join(serverDir, SIGNATURE_FILE);
  if (!existsSync(file)) return false;
  try {
    return JSON.parse(readFileSync(file, 'utf8')).keyId === keyIdOf(createPublicKey(createPrivateKey(privatePem)));
  } catch {
    return false;
  }
}

/** Verifies a built dist/server/ on disk (signature and every file's hash) against `keys`; throws when refused. */
export function verifyServerDir(serverDir, remote, keys) {
  const { files, keyId } = verifySignature(readFileSync(path.join(serverDir, SIGNATURE_FILE), 'utf8'), remote, keys);
  for (const [rel, hash] of Object.entries(files)) {
    if (sha256(readFileSync(path.join(serverDir, rel))) !== hash) throw new Error(`server/${rel} does not match its signature`);
  }
  const extra = listFiles(serverDir).filter((rel) => !(rel in files));
  if (extra.length) throw new Error(`unsigned file(s) in server/: ${extra.join(', ')}`);
  return { keyId, files: Object.keys(files).length };
}
