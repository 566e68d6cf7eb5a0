import path from 'node:path';
import os from 'node:os';
import http from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildWebServer, remotesManifest, IMMUTABLE, NO_CACHE } from './main';

function fixture() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-'));
  const dist = path.join(root, 'shell/dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'builds'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body>shell</body></html>');
  writeFileSync(path.join(dist, 'assets/main.abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'remoteEntry.js'), '// entry');
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

  it('remotes.json: local bases by default, REMOTE_<NAME>_URL when set', async () => {
    const app = await make({ REMOTE_MFE_ORDER_URL: 'http://localhost:8082/' });
    const res = await app.inject({ url: '/remotes.json' });
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    const body = res.json() as Record<string, string>;
    const origin = new URL(body.mfe_exchange).origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(body).toEqual({
      mfe_exchange: `${origin}/remotes/mfe-exchange/mf-manifest.json`,
      mfe_order: 'http://localhost:8082/mf-manifest.json',
      mfe_profile: `${origin}/remotes/mfe-profile/mf-manifest.json`,
      mfe_blog: `${origin}/remotes/mfe-blog/mf-manifest.json`,
      mfe_docs: `${origin}/remotes/mfe-docs/mf-manifest.json`,
    });
    // a remote with its own URL is not served locally
    expect((await app.inject({ url: '/remotes/mfe-order/mf-manifest.json' })).statusCode).toBe(404);
    await app.close();
    expect(remotesManifest({}, 'http://h').mfe_docs).toBe('http://h/remotes/mfe-docs/mf-manifest.json');
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

  it('?ref= sets the referralID cookie for 24 h', async () => {
    const app = await make();
    const res = await app.inject({ url: '/exchange-btc-eth?ref=partner7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBe('referralID=partner7; Max-Age=86400; Path=/; SameSite=Lax');
    const redirected = await app.inject({ url: '/blog/?ref=p2' });
    expect(redirected.statusCode).toBe(301);
    expect(redirected.headers['set-cookie']).toMatch(/^referralID=p2;/);
    expect((await app.inject({ url: '/blog' })).headers['set-cookie']).toBeUndefined();
    await app.close();
  });

  it('proxies /api and /dict to the api, telling it the site origin the browser used', async () => {
    const seen: string[] = [];
    const forwarded: string[] = [];
    const upstream = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      forwarded.push(`${req.headers['x-forwarded-proto']}://${req.headers['x-forwarded-host']}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, url: req.url }));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const port = (upstream.address() as AddressInfo).port;
    const app = await make({}, `http://127.0.0.1:${port}`);
    const res = await app.inject({ url: '/api/v1/health?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, url: '/api/v1/health?x=1' });
    const dict = await app.inject({ method: 'POST', url: '/dict/seo', payload: { config_id: 'x' } });
    expect(dict.statusCode).toBe(200);
    expect(seen).toEqual(['GET /api/v1/health?x=1', 'POST /dict/seo']);
    // the origin the browser used (web's own address here), not the api's
    expect(forwarded[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(forwarded[0]).not.toBe(`http://127.0.0.1:${port}`);
    await app.close();
    await new Promise((r) => upstream.close(r));
  });
});
