#!/usr/bin/env node
// Serves one built app alone: `node tooling/static-server.mjs <dir> <port>` (docker-compose, browser tests).
// CORS for every origin; entry files (remoteEntry.js, mf-manifest.json, index.html) no-cache; /assets/* immutable.
import http from 'node:http';
import path from 'node:path';
import { createReadStream, statSync } from 'node:fs';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html', 'latest.json']);

export function cacheControl(urlPath) {
  if (ENTRY_FILES.has(path.posix.basename(urlPath))) return 'no-cache';
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

export function createStaticServer(dir) {
  const root = path.resolve(dir);
  return http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('method not allowed');
      return;
    }
    let urlPath;
    try {
      urlPath = path.posix.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (urlPath.endsWith('/')) urlPath += 'index.html';
    const file = path.resolve(root, `.${urlPath}`);
    let size = -1;
    if (file.startsWith(root + path.sep) && !urlPath.includes('\0')) {
      try {
        const st = statSync(file);
        if (st.isFile()) size = st.size;
      } catch {
        /* missing */
      }
    }
    if (size < 0) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': size,
      'cache-control': cacheControl(urlPath),
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (isMain) {
  const [dir, portArg] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node tooling/static-server.mjs <dir> <port>');
    process.exit(2);
  }
  const port = Number(portArg ?? process.env.PORT ?? 8081);
  const host = process.env.HOST ?? '127.0.0.1';
  createStaticServer(dir).listen(port, host, () => console.log(`static ${path.resolve(dir)} on http://${host}:${port}`));
}
