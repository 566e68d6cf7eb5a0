// Issue 14: web's logs and metrics. /metrics on WEB_METRICS_PORT only; requests counted by kind (page, proxy, static);
// SSR render time; proxy upstream errors; x-request-id made per request (a visitor's ignored, a trusted load
// balancer's adopted), answered and sent to the api; secrets out of the lines; pretty vs JSON.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { metricSample as sample } from 'server-kit/testing';
import { buildWebServer } from '../main';
import type { SsrRuntime } from '../ssr/runtime';
import { routeKind } from './index';
import { webLoggerOptions } from './logging';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-observability-'));
fs.mkdirSync(path.join(root, 'shell/dist/assets'), { recursive: true });
fs.writeFileSync(path.join(root, 'shell/dist/index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body>shell</body></html>');
fs.writeFileSync(path.join(root, 'shell/dist/assets/app.js'), 'console.log(1)');

/** A stand-in api: records the request headers it receives and answers JSON. */
async function fakeApi() {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': String(req.headers['x-request-id'] ?? '') }).end('{"ok":true}');
  });
  // A WebSocket upgrade: its headers are recorded, then the socket is dropped.
  server.on('upgrade', (req, socket) => {
    seen.push(req.headers);
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      }),
  };
}

const fakeSsr = (result: null | 'boom'): SsrRuntime => ({
  ready: () => true,
  render: async () => {
    if (result === 'boom') throw new Error('boom');
    return result;
  },
  cssFor: () => [],
  stylesFor: () => [],
  scriptsFor: () => [],
});

describe('web observability', () => {
  let api: Awaited<ReturnType<typeof fakeApi>>;
  const open: FastifyInstance[] = [];
  beforeAll(async () => {
    api = await fakeApi();
  });
  // Every socket the web servers accepted, upgraded ones included: teardown ends them rather than waiting on a proxied
  // WebSocket's two sides to notice each other (a 5 s hook timeout was once exceeded under CI's load).
  const sockets = new Set<Socket>();
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(open.map((app) => app.close()));
    await api.close();
  }, 30_000);

  const start = async (env: Record<string, string>, o: { apiUrl?: string; ssr?: SsrRuntime | null } = {}) => {
    const lines: string[] = [];
    const app = await buildWebServer({
      workspaceRoot: root,
      env: { WEB_METRICS_PORT: '0', ...env },
      apiUrl: o.apiUrl ?? api.url,
      ssr: o.ssr ?? null,
      logger: true,
      logStream: { write: (l: string) => void lines.push(l) },
    });
    open.push(app);
    app.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url, metricsUrl: await app.webMetricsUrl(), lines };
  };

  it('serves /metrics in Prometheus text on WEB_METRICS_PORT only, counting requests by kind and SSR renders', async () => {
    const web = await start({ LOG_LEVEL: 'info' }, { ssr: fakeSsr(null) });
    expect(web.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Bodies read whole: a request is observed when its answer has been sent.
    for (const p of ['/', '/assets/app.js', '/api/v1/health?x=1']) {
      const r = await fetch(`${web.url}${p}`);
      await r.arrayBuffer();
      expect(r.status).toBe(200);
    }
    const res = await fetch(`${web.metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'web_request_duration_seconds_count', { kind: 'page', method: 'GET', status_code: '200' })).toBe(1);
    expect(sample(text, 'web_request_duration_seconds_count', { kind: 'static', status_code: '200' })).toBe(1);
    expect(sample(text, 'web_request_duration_seconds_count', { kind: 'proxy', status_code: '200' })).toBe(1);
    expect(sample(text, 'web_ssr_render_duration_seconds_count', { outcome: 'fallback' })).toBe(1);
    expect(sample(text, 'web_proxy_upstream_errors_total', { retried: 'false' })).toBe(0);
    expect(text).toContain('process_resident_memory_bytes');
    // The public port has no metrics: /metrics there is just another page path.
    expect(await (await fetch(`${web.url}/metrics`)).text()).not.toContain('# TYPE');
    // At info, successful requests write no line (the terminal no longer scrolls with one per request).
    expect(web.lines.filter((l) => l.includes('request completed'))).toEqual([]);
  });

  it('makes its own request id for a visitor, sends it to the api and answers it', async () => {
    const web = await start({ LOG_LEVEL: 'silent' });
    const before = api.seen.length;
    const res = await fetch(`${web.url}/api/v1/health`, { headers: { 'x-request-id': 'visitor-chosen-id' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.seen[before]['x-request-id']).toBe(id);
    // Pages too answer with their id.
    expect((await fetch(`${web.url}/`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends its request id with a WebSocket upgrade to the api', async () => {
    const web = await start({ LOG_LEVEL: 'silent' });
    const before = api.seen.length;
    await new Promise<void>((resolve) => {
      const req = http.request(`${web.url}/api/v2/ws`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
          'x-request-id': 'visitor-chosen-id',
        },
      });
      req.on('upgrade', (_res, socket) => {
        socket.destroy();
        resolve();
      });
      req.on('response', (res) => {
        res.resume();
        resolve();
      });
      req.on('error', () => resolve());
      req.end();
    });
    for (let i = 0; i < 100 && api.seen.length === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(api.seen[before]?.upgrade).toBe('websocket');
    expect(api.seen[before]?.['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adopts a valid x-request-id from a trusted load balancer only', async () => {
    const web = await start({ LOG_LEVEL: 'silent', WEB_TRUST_PROXY: 'loopback' });
    const before = api.seen.length;
    const res = await fetch(`${web.url}/api/v1/health`, { headers: { 'x-request-id': 'lb-0123456789' } });
    expect(res.headers.get('x-request-id')).toBe('lb-0123456789');
    expect(api.seen[before]['x-request-id']).toBe('lb-0123456789');
    const bad = await fetch(`${web.url}/`, { headers: { 'x-request-id': 'no spaces allowed' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts and logs an api that cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    const web = await start({ LOG_LEVEL: 'info' }, { apiUrl: deadUrl });
    const failed = await fetch(`${web.url}/api/v1/health`);
    await failed.arrayBuffer();
    expect(failed.status).toBe(503);
    const text = await (await fetch(`${web.metricsUrl}/metrics`)).text();
    expect(sample(text, 'web_proxy_upstream_errors_total', { retried: 'false' })).toBe(1);
    expect(sample(text, 'web_request_duration_seconds_count', { kind: 'proxy', status_code: '503' })).toBe(1);
    expect(web.lines.some((l) => JSON.parse(l).msg === 'api upstream error')).toBe(true);
  });

  it('keeps cookies, authorization, API keys and query strings out of its lines', async () => {
    const web = await start({ LOG_LEVEL: 'debug' });
    const secret = randomBytes(8).toString('hex');
    await fetch(`${web.url}/api/v1/orders/public-info?orderId=o-1&destinationAddress=${secret}a`, {
      headers: { cookie: `access_token=${secret}b`, authorization: `Bearer ${secret}c`, 'x-api-key': `${secret}d` },
    });
    await fetch(`${web.url}/reset-password?code=${secret}e`);
    web.app.log.info({ headers: { cookie: `s=${secret}f`, authorization: `${secret}g`, 'x-api-key': `${secret}h` }, body: { password: secret } }, 'headers');
    const text = web.lines.join('');
    expect(text).toContain('/api/v1/orders/public-info');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(secret);
    expect(web.lines.some((l) => JSON.parse(l).msg === 'request completed' && JSON.parse(l).kind === 'proxy')).toBe(true);
  });

  // when a line is pretty (prettyLogs) is server-kit's (server-kit/src/logging.test.ts)
  it('writes pretty lines on a terminal or with LOG_FORMAT=pretty, JSON otherwise', () => {
    const out: string[] = [];
    const options = webLoggerOptions({ LOG_FORMAT: 'pretty' }, { write: (l) => void out.push(l) }) as { stream: { write(l: string): void }; level: string };
    expect(options.level).toBe('info');
    options.stream.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'api upstream error', reqId: 'abc' })}\n`);
    expect(out[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: api upstream error/);
    expect(webLoggerOptions({ LOG_LEVEL: 'silent' })).toBe(false);
    expect(() => webLoggerOptions({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => webLoggerOptions({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('tells pages, proxied calls and files apart by path', () => {
    expect(routeKind('/')).toBe('page');
    expect(routeKind('/exchange-btc-eth?amount=1')).toBe('page');
    expect(routeKind('/api/v1/rates/public/one?x=1')).toBe('proxy');
    expect(routeKind('/dict/en.json')).toBe('proxy');
    expect(routeKind('/assets/main.123.js')).toBe('static');
    expect(routeKind('/remotes/mfe-order/remoteEntry.js')).toBe('static');
    expect(routeKind('/favicon.ico')).toBe('static');
  });
});
