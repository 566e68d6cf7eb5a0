#!/usr/bin/env node
// Serves one built app alone: `node tooling/static-server.mjs <dir> <port>` (docker-compose, browser tests).
// CORS for every origin; entry files (remoteEntry.js, mf-manifest.json, index.html) no-cache; /assets/* immutable.
import http from 'node:http';
import path from 'node:path';
import { createReadStream } from 'node:fs';
import { resolveStatic, staticHeaders } from './static-files.mjs';

export { cacheControlFor as cacheControl } from './static-files.mjs';

export function createStaticServer(dir) {
  const root = path.resolve(dir);
  return http.createServer((req, res) => {
    // issue 24: no answer is sniffed into another type (a remote's files are scripts, styles and JSON)
    res.setHeader('X-Content-Type-Options', 'nosniff');
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
    let urlPath = new URL(req.url ?? '/', 'http://x').pathname;
    if (urlPath.endsWith('/')) urlPath += 'index.html';
    const found = resolveStatic(root, urlPath, req.headers['accept-encoding'] ?? '');
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('not found');
      return;
    }
    res.writeHead(200, staticHeaders(found));
    if (req.method === 'HEAD') res.end();
    else createReadStream(found.file).pipe(res);
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
  const server = createStaticServer(dir).listen(port, host, () => console.log(`static ${path.resolve(dir)} on http://${host}:${port}`));
  // As PID 1 in a container node ignores SIGTERM without a handler: stop accepting, let responses in flight finish,
  // drop idle keep-alive connections, and exit within SHUTDOWN_TIMEOUT_MS.
  const stop = () => {
    const deadline = setTimeout(() => process.exit(1), Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000));
    deadline.unref();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
