// The static-file rules shared by the web server (web/) and the single-remote static server:
// content types, the caching rules of DESIGN.md rule 5, a path lookup that never leaves its root, and the
// build-time compressed siblings (`.br`, `.gz` from compression-webpack-plugin) chosen by Accept-Encoding.
import path from 'node:path';
import { statSync } from 'node:fs';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html', 'latest.json']);

/** Entry files are revalidated on every load; hashed chunks under assets/ never change. */
export function cacheControlFor(filePath) {
  if (ENTRY_FILES.has(path.basename(filePath))) return NO_CACHE;
  if (filePath.split(/[\\/]/).includes('assets')) return IMMUTABLE;
  return NO_CACHE;
}

/** Encodings web and the static server can send, best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
];

/**
 * The encodings an Accept-Encoding header allows, in our order of preference (br before gzip): a coding named
 * with q > 0, or `*` with q > 0 when not named with q=0.
 */
export function acceptedEncodings(acceptEncoding) {
  const q = new Map();
  for (const part of String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  return ENCODINGS.map((e) => e.name).filter((name) => (q.has(name) ? q.get(name) > 0 : (q.get('*') ?? 0) > 0));
}

function fileSize(file) {
  try {
    const st = statSync(file);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Resolves `urlPath` inside `root`; undefined when outside root, missing or not a file. With `acceptEncoding`,
 * a `.br`/`.gz` sibling the client accepts is served instead (`file`/`size` are the sibling's, `type` the
 * original's, `encoding` its Content-Encoding); `vary` is true when the answer depends on Accept-Encoding.
 */
export function resolveStatic(root, urlPath, acceptEncoding) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const base = path.resolve(root);
  const file = path.resolve(base, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== base && !file.startsWith(base + path.sep)) return undefined;
  const size = fileSize(file);
  if (size === undefined) return undefined;
  const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const variants = ENCODINGS.map((e) => ({ ...e, size: fileSize(file + e.ext) })).filter((e) => e.size !== undefined);
  const accepted = acceptEncoding === undefined ? [] : acceptedEncodings(acceptEncoding);
  const pick = variants.find((v) => accepted.includes(v.name));
  const vary = variants.length > 0;
  if (pick) return { file: file + pick.ext, size: pick.size, type, encoding: pick.name, vary, cacheControl: cacheControlFor(file) };
  return { file, size, type, vary, cacheControl: cacheControlFor(file) };
}

/** The response headers of a file resolveStatic found. */
export function staticHeaders(found) {
  const headers = { 'content-type': found.type, 'content-length': String(found.size), 'cache-control': found.cacheControl };
  if (found.encoding) headers['content-encoding'] = found.encoding;
  if (found.vary) headers.vary = 'Accept-Encoding';
  return headers;
}
