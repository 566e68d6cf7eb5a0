import path from 'node:path';
import os from 'node:os';
import http from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { buildWebServer, IMMUTABLE, NO_CACHE } from './main';
import { WEB_DEFAULTS } from './edge';
import { REMOTES, REMOTE_NAMES } from 'shared-contracts/remotes';

// Each case starts a real server; with the api's suites on the same two cores one start can take seconds.
jest.setTimeout(20_000);

function fixture() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-'));
  const dist = path.join(root, 'shell/dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'builds'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body>shell</body></html>');
  writeFileSync(path.join(dist, 'assets/main.abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'remoteEntry.js'), '// entry');
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(path.join(dist, 'server/123.abc.js'), '// web-only server code');
  writeFileSync(path.join(dist, 'builds/latest.json'), JSON.stringify({ buildId: 'build-42' }));
  const order = path.join(root, 'mfe-order/dist');
  mkdirSync(path.join(order, 'assets'), { recursive: true });
  writeFileSync(path.join(order, 'mf-manifest.json'), '{"name":"mfe_order"}');
  writeFileSync(path.join(order, 'remoteEntry.js'), '// order entry');
  writeFileSync(path.join(order, 'assets/chunk.def.js'), '// chunk');
  return { root, dist };
}

/** Real HTTP (fastify's inject pulls an ESM-only cookie package that the CommonJS jest run cannot load). */
interface Res {
  statusCode: number;
  headers: Record<string, string | undefined>;
  body: string;
  json(): unknown;
}
async function start(appPromise: ReturnType<typeof buildWebServer>) {
  const app = await appPromise;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    inject: async (o: { url: string; method?: string; headers?: Record<string, string>; payload?: unknown }): Promise<Res> => {
      const res = await fetch(`http://127.0.0.1:${port}${o.url}`, {
        method: o.method ?? 'GET',
        redirect: 'manual',
        headers: { ...(o.payload ? { 'content-type': 'application/json' } : {}), ...o.headers },
        body: o.payload ? JSON.stringify(o.payload) : undefined,
      });
      const body = await res.text();
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => (headers[k] = v));
      return { statusCode: res.status, headers, body, json: () => JSON.parse(body) };
    },
    /** node:http, which (unlike fetch) sends any Host header asked for. */
    raw: (o: { path: string; method?: string; headers?: Record<string, string> }) =>
      new Promise<Res>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: o.path, method: o.method ?? 'GET', headers: o.headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body, json: () => JSON.parse(body) }));
        });
        req.on('error', reject);
        req.end();
      }),
    /** Opens a WebSocket through web (a bare RFC 6455 handshake); resolves with its socket once web has accepted it. */
    upgrade: (pathname: string, headers: Record<string, string>) =>
      new Promise<Duplex>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          path: pathname,
          headers: {
            ...headers,
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': randomBytes(16).toString('base64'),
          },
        });
        req.on('upgrade', (_res, socket) => {
          socket.on('error', () => undefined);
          resolve(socket);
        });
        req.on('response', (res) => reject(new Error(`no upgrade: HTTP ${res.statusCode}`)));
        req.on('error', reject);
        req.end();
      }),
    port,
    close: () => app.close(),
  };
}

describe('web server', () => {
  const { root } = fixture();
  const make = (env: Record<string, string> = {}, apiUrl = 'http://127.0.0.1:1') => start(buildWebServer({ workspaceRoot: root, env, apiUrl }));

  it('serves index.html for every page route, no-cache', async () => {
    const app = await make();
    for (const url of ['/', '/blog', '/ru/order/abc', '/exchange-btc-eth?amount=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe(NO_CACHE);
      expect(res.body).toContain('shell');
    }
    await app.close();
  });

  it('cache headers: hashed assets immutable, entry files no-cache, missing assets 404', async () => {
    const app = await make();
    const asset = await app.inject({ url: '/assets/main.abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect((await app.inject({ url: '/remoteEntry.js' })).headers['cache-control']).toBe(NO_CACHE);
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    const latest = await app.inject({ url: '/builds/latest.json' });
    expect(latest.json()).toEqual({ buildId: 'build-42' });
    expect(latest.headers['cache-control']).toBe(NO_CACHE);
    await app.close();
  });

  it("the shell's server bundle (dist/server) is web's own code, never served", async () => {
    const app = await make({ SSR: 'off' });
    for (const url of ['/server/123.abc.js', '/server']) expect((await app.inject({ url })).statusCode).toBe(404);
    await app.close();
  });

  it('serves remotes under /remotes/<package>/ with CORS', async () => {
    const app = await make();
    const manifest = await app.inject({ url: '/remotes/mfe-order/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const chunk = await app.inject({ url: '/remotes/mfe-order/assets/chunk.def.js' });
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect((await app.inject({ url: '/remotes/mfe-blog/mf-manifest.json' })).statusCode).toBe(404);
    await app.close();
  });

  it('remotes.json: root-relative paths on web itself by default, REMOTE_<NAME>_URL when set', async () => {
    const app = await make({ REMOTE_MFE_ORDER_URL: 'http://localhost:8082/' });
    const res = await app.inject({ url: '/remotes.json' });
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    // every remote of the one list (shared-contracts/remotes), in its order
    expect(res.json()).toEqual(
      Object.fromEntries(
        REMOTES.map((r) => [r.name, r.name === 'mfe_order' ? 'http://localhost:8082/mf-manifest.json' : `/remotes/${r.dir}/mf-manifest.json`]),
      ),
    );
    expect(Object.keys(res.json() as Record<string, string>)).toEqual(REMOTE_NAMES);
    // a remote with its own URL is not served locally
    expect((await app.inject({ url: '/remotes/mfe-order/mf-manifest.json' })).statusCode).toBe(404);
    await app.close();
  });

  it('remotes.json ignores a forged Host or X-Forwarded-Host', async () => {
    const app = await make({ PUBLIC_ORIGIN: 'https://exchange.example' });
    const honest = await app.raw({ path: '/remotes.json' });
    const forged = await app.raw({
      path: '/remotes.json',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toBe(honest.body);
    expect(forged.body).not.toContain('evil');
    await app.close();
  });

  it('301 normalisation keeps the query', async () => {
    const app = await make();
    const cases: [string, string][] = [
      ['/blog/', '/blog'],
      ['/ua/blog?x=1', '/uk/blog?x=1'],
      ['//order//abc/?destinationAddress=T1', '/order/abc?destinationAddress=T1'],
    ];
    for (const [url, location] of cases) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(location);
    }
    await app.close();
  });

  it('?ref= sets the referralID cookie for 24 h, only for a visitor who accepted marketing cookies (issue 24)', async () => {
    const app = await make();
    const consented = { cookie: 'cookie_consent=all.2026-11-27' };
    const res = await app.inject({ url: '/exchange-btc-eth?ref=partner7', headers: consented });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBe('referralID=partner7; Max-Age=86400; Path=/; SameSite=Lax');
    // issue 24: before a choice, or with "essential only" (or a forged value), nothing is stored
    for (const cookie of [undefined, 'cookie_consent=essential.2026-11-27', 'cookie_consent=all', 'cookie_consent=%E0%A4%A']) {
      const refused = await app.inject({ url: '/exchange-btc-eth?ref=partner7', headers: cookie ? { cookie } : {} });
      expect([cookie, refused.statusCode, refused.headers['set-cookie']]).toEqual([cookie, 200, undefined]);
    }
    const redirected = await app.inject({ url: '/blog/?ref=p2', headers: consented });
    expect(redirected.statusCode).toBe(301);
    expect(redirected.headers['set-cookie']).toMatch(/^referralID=p2;/);
    expect((await app.inject({ url: '/blog' })).headers['set-cookie']).toBeUndefined();
    // §5 a signed-in customer's orders pay the account's referrer: their click on a link stores nothing
    const signedIn = await app.inject({ url: '/exchange-btc-eth?ref=partner7', headers: { cookie: 'access_token=a; u_id=v1; cookie_consent=all.2026-11-27' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    await app.close();
  });

  it('proxies /api and /dict to the api', async () => {
    const upstream = await recordingUpstream();
    const app = await make({}, upstream.url);
    const res = await app.inject({ url: '/api/v1/health?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, url: '/api/v1/health?x=1' });
    const dict = await app.inject({ method: 'POST', url: '/dict/seo', payload: { config_id: 'x' } });
    expect(dict.statusCode).toBe(200);
    expect(upstream.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/health?x=1', 'POST /dict/seo']);
    await app.close();
    await upstream.close();
  });

  describe('the api learns the visitor from web, never from the client', () => {
    const forgedHeaders = {
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      forwarded: 'for=6.6.6.6;host=evil.example;proto=https',
      'x-real-ip': '6.6.6.6',
    };

    it('HTTP: forged X-Forwarded-* never reach the api; it sees the socket address and the origin the browser used', async () => {
      const upstream = await recordingUpstream();
      const app = await make({}, upstream.url);
      await app.raw({ path: '/api/v1/health', headers: forgedHeaders });
      await app.raw({ path: '/dict/seo', method: 'POST', headers: { ...forgedHeaders, host: 'evil.example' } });
      await app.raw({ path: '/api/v1/health', headers: { host: `localhost:${app.port}` } });
      const [viaIp, forgedHost, viaLocalhost] = upstream.seen.map((r) => r.headers);
      for (const h of [viaIp, forgedHost, viaLocalhost]) {
        expect(h['x-forwarded-for']).toBe('127.0.0.1');
        expect(h['x-forwarded-proto']).toBe('http');
        expect(h).not.toHaveProperty('forwarded');
        expect(h).not.toHaveProperty('x-real-ip');
        expect(h).not.toHaveProperty('x-forwarded-port');
      }
      // development (no PUBLIC_ORIGIN): the port web listens on, on localhost or 127.0.0.1
      expect(viaIp['x-forwarded-host']).toBe(`127.0.0.1:${app.port}`);
      expect(viaLocalhost['x-forwarded-host']).toBe(`localhost:${app.port}`);
      expect(forgedHost['x-forwarded-host']).toBe(`localhost:${app.port}`);
      await app.close();
      await upstream.close();
    });

    it('HTTP: with PUBLIC_ORIGIN the forwarded host and scheme are one of its origins', async () => {
      const upstream = await recordingUpstream();
      const app = await make({ PUBLIC_ORIGIN: 'https://exchange.example, https://www.exchange.example/' }, upstream.url);
      await app.raw({ path: '/api/v1/health', headers: { ...forgedHeaders, host: 'www.exchange.example' } });
      await app.raw({ path: '/api/v1/health', headers: { ...forgedHeaders, host: 'evil.example' } });
      const [www, forged] = upstream.seen.map((r) => r.headers);
      expect(www).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'www.exchange.example', 'x-forwarded-proto': 'https' });
      expect(forged).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'exchange.example', 'x-forwarded-proto': 'https' });
      // an https site gets a Secure referral cookie
      expect((await app.inject({ url: '/?ref=p1', headers: { cookie: 'cookie_consent=all.2026-11-27' } })).headers['set-cookie']).toBe(
        'referralID=p1; Max-Age=86400; Path=/; SameSite=Lax; Secure',
      );
      await app.close();
      await upstream.close();
    });

    it('WebSocket: the upgrade to the api carries the socket address, not the forged headers', async () => {
      const upstream = await recordingUpstream();
      const app = await make({}, upstream.url);
      const socket = await app.upgrade('/api/v2/ws', { ...forgedHeaders, cookie: 'u_id=v1', origin: `http://127.0.0.1:${app.port}` });
      const upgrade = await upstream.nextUpgrade;
      socket.destroy();
      expect(upgrade.url).toBe('/api/v2/ws');
      expect(upgrade.headers).toMatchObject({
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-host': `127.0.0.1:${app.port}`,
        'x-forwarded-proto': 'http',
        cookie: 'u_id=v1',
        origin: `http://127.0.0.1:${app.port}`,
      });
      expect(upgrade.headers).not.toHaveProperty('forwarded');
      expect(upgrade.headers).not.toHaveProperty('x-real-ip');
      await app.close();
      await upstream.close();
    });

    it('behind a trusted load balancer (WEB_TRUST_PROXY) the client it reports is passed on; an untrusted peer is ignored', async () => {
      const upstream = await recordingUpstream();
      // the test client connects from 127.0.0.1: here it plays the load balancer
      const trusted = await make({ WEB_TRUST_PROXY: '127.0.0.1', PUBLIC_ORIGIN: 'https://exchange.example' }, upstream.url);
      await trusted.raw({
        path: '/api/v1/health',
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-host': 'exchange.example', 'x-forwarded-proto': 'https' },
      });
      await trusted.raw({ path: '/api/v1/health', headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'evil.example' } });
      await trusted.close();
      const untrusted = await make({ WEB_TRUST_PROXY: '10.0.0.0/8' }, upstream.url);
      await untrusted.raw({ path: '/api/v1/health', headers: { 'x-forwarded-for': '203.0.113.7' } });
      await untrusted.close();
      const [chain, forgedHost, direct] = upstream.seen.map((r) => r.headers);
      expect(chain).toMatchObject({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-host': 'exchange.example', 'x-forwarded-proto': 'https' });
      expect(forgedHost).toMatchObject({ 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'exchange.example' });
      expect(direct['x-forwarded-for']).toBe('127.0.0.1');
      await upstream.close();
    });
  });

  describe('configuration', () => {
    it('sets request, header and keep-alive timeouts and a connection cap, from the environment or defaults', async () => {
      const defaults = await buildWebServer({ workspaceRoot: root, env: {} });
      expect(defaults.server).toMatchObject({
        requestTimeout: WEB_DEFAULTS.requestTimeoutMs,
        headersTimeout: WEB_DEFAULTS.headersTimeoutMs,
        keepAliveTimeout: WEB_DEFAULTS.keepAliveTimeoutMs,
        maxConnections: WEB_DEFAULTS.maxConnections,
      });
      await defaults.close();
      const tuned = await buildWebServer({
        workspaceRoot: root,
        env: { WEB_REQUEST_TIMEOUT_MS: '5000', WEB_HEADERS_TIMEOUT_MS: '4000', WEB_KEEP_ALIVE_TIMEOUT_MS: '3000', WEB_MAX_CONNECTIONS: '200' },
      });
      expect(tuned.server).toMatchObject({ requestTimeout: 5000, headersTimeout: 4000, keepAliveTimeout: 3000, maxConnections: 200 });
      await tuned.close();
    });

    it.each([
      [{ WEB_MAX_CONNECTIONS: 'many' }, /WEB_MAX_CONNECTIONS/],
      [{ WEB_REQUEST_TIMEOUT_MS: '0' }, /WEB_REQUEST_TIMEOUT_MS/],
      [{ WEB_TRUST_PROXY: 'true' }, /WEB_TRUST_PROXY/],
      [{ WEB_TRUST_PROXY: '2' }, /WEB_TRUST_PROXY/],
      [{ PUBLIC_ORIGIN: 'exchange.example' }, /PUBLIC_ORIGIN/],
      [{ PUBLIC_ORIGIN: 'https://exchange.example/app' }, /PUBLIC_ORIGIN/],
    ])('refuses %j, naming the variable', async (env, message) => {
      await expect(buildWebServer({ workspaceRoot: root, env })).rejects.toThrow(message);
    });
  });
});

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A stand-in api that records what reaches it (HTTP requests and WebSocket upgrades). */
async function recordingUpstream() {
  const seen: Recorded[] = [];
  let upgraded: (r: Recorded) => void = () => undefined;
  const nextUpgrade = new Promise<Recorded>((r) => (upgraded = r));
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true, url: req.url }));
  });
  server.on('upgrade', (req, socket) => {
    upgraded({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    nextUpgrade,
    close: () => new Promise((r) => server.close(r)),
  };
}
