// web → api (apiUpstream.ts, apiUpstreamProxy.ts): the §8 503 while no api listens, round-robin over API_URL's
// replicas, a refused connection retried on another replica (POST included: nothing was sent), a reset after the
// request went out never retried, and web's own calls (callApi) over the same list.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildWebServer } from './main';
import { createApiUpstream, failedBeforeSending, parseApiUrls } from './apiUpstream';
import { callApi } from './upstream';

jest.setTimeout(20_000);

function fixture() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-upstream-'));
  const dist = path.join(root, 'shell/dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body>shell</body></html>');
  return root;
}

/** A port nothing listens on (bound, then released). */
async function deadUrl(): Promise<string> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return `http://127.0.0.1:${port}`;
}

interface Seen {
  method: string;
  url: string;
  body: string;
}
/** A fake api replica recording what reached it; `reset` drops every connection once the request has arrived. */
async function replica(name: string, mode: 'answer' | 'reset' | 'draining' = 'answer') {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (mode === 'reset') return req.socket.destroy();
      if (mode === 'draining') {
        // api/src/lifecycle/drain.ts: the gate's answer while the replica shuts down
        res.writeHead(503, { 'content-type': 'application/json', connection: 'close', 'retry-after': '1', 'x-api-draining': '1' });
        return res.end(JSON.stringify({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: 'The service is restarting; retry the request' }));
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ replica: name }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((r) => server.close(r)) };
}

const root = fixture();
async function web(apiUrl: string, env: Record<string, string> = {}) {
  const app = await buildWebServer({ workspaceRoot: root, env: { SSR: 'off', ...env }, apiUrl, ssr: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, base };
}

describe('API_URL', () => {
  it('is one URL or a comma-separated list of replicas', () => {
    expect(parseApiUrls('http://a:3000')).toEqual(['http://a:3000']);
    expect(parseApiUrls(' http://a:3000/, http://b:3000 ,')).toEqual(['http://a:3000', 'http://b:3000']);
    expect(() => parseApiUrls(' , ')).toThrow(/names no api/);
    expect(() => parseApiUrls('ftp://a')).toThrow(/not http/);
  });

  it('round-robin skips a replica set aside, until its time is up', () => {
    let t = 0;
    const up = createApiUpstream('http://a:1,http://b:1,http://c:1', { now: () => t, downForMs: 100, probeIntervalMs: 0 });
    expect([up.pick(), up.pick(), up.pick(), up.pick()]).toEqual(['http://a:1', 'http://b:1', 'http://c:1', 'http://a:1']);
    up.markDown('http://c:1');
    expect([up.pick(), up.pick(), up.pick()]).toEqual(['http://b:1', 'http://a:1', 'http://a:1']);
    expect(up.candidates('http://a:1')).toEqual(['http://a:1', 'http://b:1', 'http://c:1']);
    expect(up.candidates('http://c:1')).toEqual(['http://c:1', 'http://a:1', 'http://b:1']);
    t = 150;
    expect(up.isDown('http://c:1')).toBe(false);
  });

  it('knows a refused connection from a failure after sending', () => {
    expect(failedBeforeSending(Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(failedBeforeSending(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(failedBeforeSending(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(failedBeforeSending(new Error('timeout'))).toBe(false);
  });
});

describe('web in front of the api', () => {
  it('while no api listens: 503 ERR_SERVICE_UNAVAILABLE in the §8 shape with Retry-After, for /api and /dict, any method', async () => {
    const { app, base } = await web(await deadUrl());
    try {
      for (const [method, url] of [
        ['GET', '/api/v1/health'],
        ['POST', '/api/v1/orders/create'],
        ['POST', '/dict/seo'],
      ] as const) {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
          body: method === 'POST' ? '{"a":1}' : undefined,
        });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(res.headers.get('x-api-replica')).toBeNull();
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: expect.any(String) });
      }
    } finally {
      await app.close();
    }
  });

  it('spreads requests over the replicas round-robin (WEB_REPLICA_HEADER=on names the one that answered)', async () => {
    const a = await replica('a');
    const b = await replica('b');
    const { app, base } = await web(`${a.url},${b.url}`, { WEB_REPLICA_HEADER: 'on' });
    try {
      const answers: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${base}/api/v1/health`);
        const { replica: name } = (await res.json()) as { replica: string };
        expect(res.headers.get('x-api-replica')).toBe(name === 'a' ? '1' : '2');
        answers.push(name);
      }
      expect(answers.sort()).toEqual(['a', 'a', 'b', 'b']);
    } finally {
      await app.close();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a replica that refuses the connection: the request (a POST too) goes to another, its body unchanged', async () => {
    const live = await replica('live');
    const { app, base } = await web(`${await deadUrl()},${live.url}`);
    try {
      const body = '{"amount": "0.10000000", "x":[1, 2]}';
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${base}/api/v1/orders/create?n=${i}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ replica: 'live' });
      }
      expect(live.seen.map((s) => `${s.method} ${s.url}`)).toEqual([0, 1, 2, 3].map((i) => `POST /api/v1/orders/create?n=${i}`));
      // byte for byte what the client sent (not re-encoded)
      expect(live.seen.every((s) => s.body === body)).toBe(true);
    } finally {
      await app.close();
      await live.close();
    }
  });

  it("a draining replica's gate answer (x-api-draining, nothing processed): the request (a POST too) goes to another", async () => {
    const draining = await replica('draining', 'draining');
    const live = await replica('live');
    const { app, base } = await web(`${draining.url},${live.url}`, { WEB_REPLICA_HEADER: 'on' });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${base}/api/v1/orders/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-api-replica')).toBe('2');
        expect(res.headers.get('x-api-draining')).toBeNull();
        expect(await res.json()).toEqual({ replica: 'live' });
      }
      // a GET (the health readiness call) alike
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${base}/api/v1/health`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-api-replica')).toBe('2');
      }
      expect(live.seen.map((s) => s.body)).toEqual(['{"n":1}', '{"n":1}', '{"n":1}', '', '', '']);
      // set aside after its first drain answer (and tried last)
      expect(draining.seen.length).toBe(1);
    } finally {
      await app.close();
      await Promise.all([draining.close(), live.close()]);
    }
  });

  it('40 requests at once (GET and POST) while one replica drains: every one answered 200 by the other', async () => {
    const draining = await replica('draining', 'draining');
    const live = await replica('live');
    // at once: many are sent to the draining replica before its first drain answer sets it aside
    const { app, base } = await web(`${draining.url},${live.url}`);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          fetch(
            `${base}/api/v1/${i % 2 ? 'health' : 'orders/create'}`,
            i % 2 ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
          ).then((r) => r.status),
        ),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(live.seen).toHaveLength(40);
    } finally {
      await app.close();
      await Promise.all([draining.close(), live.close()]);
    }
  });

  it('a replica that drops the connection after the request reached it: 503, never sent again elsewhere', async () => {
    const resetting = await replica('reset', 'reset');
    const other = await replica('other');
    // the resetting replica first in the rotation
    const { app, base } = await web(`${resetting.url},${other.url}`);
    try {
      const res = await fetch(`${base}/api/v1/orders/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('ERR_SERVICE_UNAVAILABLE');
      expect(resetting.seen).toHaveLength(1);
      expect(other.seen).toHaveLength(0);
    } finally {
      await app.close();
      await Promise.all([resetting.close(), other.close()]);
    }
  });

  it('a WebSocket upgrade goes to a listening replica (the probe sets aside one that refuses)', async () => {
    const upgrades: string[] = [];
    const live = http.createServer();
    live.on('upgrade', (req, socket) => {
      upgrades.push(req.url ?? '');
      socket.destroy();
    });
    await new Promise<void>((r) => live.listen(0, '127.0.0.1', r));
    const liveUrl = `http://127.0.0.1:${(live.address() as AddressInfo).port}`;
    const { app, base } = await web(`${await deadUrl()},${liveUrl}`);
    try {
      // web's probe (once a second) finds the refusing replica
      await new Promise((r) => setTimeout(r, 1500));
      for (let i = 0; i < 4; i++) {
        const req = http.request(`${base}/api/v2/ws?n=${i}`, {
          headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64') },
        });
        req.on('upgrade', (_res, socket) => socket.destroy());
        req.on('error', () => undefined);
        req.end();
      }
      for (let waited = 0; upgrades.length < 4 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(upgrades.sort()).toEqual([0, 1, 2, 3].map((i) => `/api/v2/ws?n=${i}`));
    } finally {
      await app.close();
      await new Promise((r) => live.close(r));
    }
  });

  it("web's own calls (redirect lookup, SEO, server rendering) use the same list and skip a refusing replica", async () => {
    const live = await replica('live');
    const up = createApiUpstream(`${await deadUrl()},${live.url}`, { probeIntervalMs: 0 });
    for (let i = 0; i < 3; i++) {
      const res = await callApi(up, 'pairsPublic', { timeoutMs: 2000 });
      expect(res).toEqual({ status: 200, body: { replica: 'live' } });
    }
    await expect(callApi(createApiUpstream(await deadUrl(), { probeIntervalMs: 0 }), 'pairsPublic', { timeoutMs: 2000 })).rejects.toThrow();
    await live.close();
  });
});
