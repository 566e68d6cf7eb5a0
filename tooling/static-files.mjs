// The static-file rules shared by the web server (shell/server) and the single-remote static server:
// content types, the caching rules of DESIGN.md rule 5, and a path lookup that never leaves its root.
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

/** Resolves `urlPath` inside `root`; undefined when outside root, missing or not a file. */
export function resolveStatic(root, urlPath) {
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
  try {
    const st = statSync(file);
    if (!st.isFile()) return undefined;
    return { file, size: st.size, type: MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}
