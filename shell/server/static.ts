// Minimal static file lookup (no @fastify/static: its ESM-only dependency breaks the CommonJS jest run).
import path from 'node:path';
import { createReadStream, statSync } from 'node:fs';

export const MIME: Record<string, string> = {
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

/** Resolves `urlPath` inside `root`; undefined when outside root, missing or not a file. */
export function resolveStatic(root: string, urlPath: string): { file: string; size: number; type: string } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  try {
    const st = statSync(file);
    if (!st.isFile()) return undefined;
    return { file, size: st.size, type: MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}

export function openStatic(file: string) {
  return createReadStream(file);
}
