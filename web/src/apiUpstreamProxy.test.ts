// Issue 24, bodies at the edge: a 1 MiB default (413 in the catalogue's shape as soon as Content-Length says so or a
// chunked body crosses it, the api never reached), the KYC upload streamed to the api under its own limit, and a
// refused body never spoiling its keep-alive connection (the next request on it is answered, not 408).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildWebServer } from './main';

jest.setTimeout(60_000);

const root = (() => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-bodies-'));
  mkdirSync(path.join(dir, 'shell/dist'), { recursive: true });
  writeFileSync(path.join(dir, 'shell/dist/index.html'), '<!doctype html><html><head></head><body>shell</body></html>');
  return dir;
})();

const MiB = 1024 * 1024;
const KYC = '/api/v1/users/kyc/submit';

interface Seen {
  url: string;
  bytes: number;
  /** bytes received when the first chunk arrived */
  firstChunkAt?: number;
}

/**
 * A fake api replica: records each request and how many body bytes reached it; `early` answers 400 as soon as the
 * headers arrive, without reading the body (the api refusing an upload half-way).
 */
async function replica(mode: 'answer' | 'early' = 'answer') {
  const seen: Seen[] = [];
  const listeners = new Set<(s: Seen) => void>();
  const server = http.createServer((req, res) => {
    const s: Seen = { url: req.url ?? '', bytes: 0 };
    seen.push(s);
    if (mode === 'early' && req.method === 'POST') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 400, code: 'ERR_VALIDATION', message: 'Invalid facePhoto: larger than 8388608 bytes' }));
      return;
    }
    req.on('data', (c: Buffer) => {
      s.bytes += c.length;
      for (const l of listeners) l(s);
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ received: s.bytes }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    /** resolves once a request has delivered at least `bytes` body bytes */
    reached: (bytes: number) =>
      new Promise<void>((resolve) => {
        const l = (s: Seen) => {
          if (s.bytes >= bytes) {
            listeners.delete(l);
            resolve();
          }
        };
        listeners.add(l);
      }),
    close: () => new Promise((r) => server.close(r)),
  };
}

async function web(apiUrl: string, env: Record<string, string> = {}) {
  const app = await buildWebServer({ workspaceRoot: root, env: { SSR: 'off', ...env }, apiUrl, ssr: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** Raw HTTP/1.1 on one socket: requests written in order, the answers read back (status lines and bodies). */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let closed = false;
  socket.on('data', (d) => (text += d.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
  return {
    socket,
    write: (chunk: string | Buffer) => new Promise<void>((resolve) => (socket.write(chunk) ? resolve() : socket.once('drain', () => resolve()))),
    statuses,
    text: () => text,
    closed: () => closed,
    /** waits until `n` answers have arrived (or the socket closed) */
    answers: async (n: number) => {
      const end = Date.now() + 30_000;
      while (statuses().length < n && !closed && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      return statuses();
    },
  };
}

const multipartHead = (boundary: string) =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="facePhoto"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);

describe('bodies at the edge (issue 24)', () => {
  it('a 33 MB body to a JSON call is 413 in the catalogue shape at once, from its Content-Length, never sent to the api', async () => {
    const api = await replica();
    const { app, port } = await web(api.url);
    try {
      const c = connection(port);
      await c.write(`POST /api/v1/orders/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${33 * MiB}\r\n\r\n`);
      // only the first 64 KiB are ever sent: the answer comes without the rest
      await c.write(Buffer.alloc(64 * 1024, 0x20));
      expect(await c.answers(1)).toEqual([413]);
      const body = c.text().slice(c.text().indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual({ statusCode: 413, code: 'ERR_BAD_REQUEST', message: `Request body is too large: at most ${MiB} bytes` });
      c.socket.destroy();
      expect(api.seen).toEqual([]);
    } finally {
      await app.close();
      await api.close();
    }
  });

  it('a chunked body is refused (413) as soon as it crosses 1 MiB; below that it reaches the api unchanged', async () => {
    const api = await replica();
    const { app, port } = await web(api.url);
    try {
      const c = connection(port);
      await c.write('POST /api/v1/orders/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
      // 2 MiB in 64 KiB chunks, never finished: the answer must not wait for an end that never comes
      for (let i = 0; i < 32; i++) await c.write(`10000\r\n${' '.repeat(0x10000)}\r\n`);
      expect(await c.answers(1)).toEqual([413]);
      expect(c.text()).toContain('"code":"ERR_BAD_REQUEST"');
      expect(api.seen).toEqual([]);
      c.socket.destroy();
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/orders/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: ' '.repeat(MiB - 10),
      });
      expect(await ok.json()).toEqual({ received: MiB - 10 });
    } finally {
      await app.close();
      await api.close();
    }
  });

  it('the KYC upload is streamed to the api as it arrives (not buffered in web), under its own larger limit', async () => {
    const api = await replica();
    const { app, port } = await web(api.url);
    try {
      const boundary = 'streamed';
      const first = Buffer.concat([multipartHead(boundary), Buffer.alloc(3 * MiB, 0x41)]);
      const rest = Buffer.concat([Buffer.alloc(3 * MiB, 0x42), Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: KYC,
            method: 'POST',
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': first.length + rest.length },
          },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.write(first);
        // the api has most of the first half before the client has sent the second one: web passes it on as it comes
        void api.reached(2 * MiB).then(() => req.end(rest));
      });
      const { status, body } = await answer;
      expect([status, JSON.parse(body)]).toEqual([200, { received: first.length + rest.length }]);
    } finally {
      await app.close();
      await api.close();
    }
  });

  it('after a refused 30 MB upload the next request on the same keep-alive connection is answered (declared, chunked, refused by the api half-way)', async () => {
    const api = await replica();
    const early = await replica('early');
    const boundary = 'big';
    const big = Buffer.concat([multipartHead(boundary), Buffer.alloc(30 * MiB, 0x41), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const next = 'GET /api/v1/users/kyc/status HTTP/1.1\r\nHost: x\r\n\r\n';
    for (const [name, upstream, chunked] of [
      ['declared: web refuses it from its length', api, false],
      ['chunked: web refuses it when it crosses the limit', api, true],
      ['within web’s limit, refused by the api before it is read', early, false],
    ] as const) {
      const { app, port } = await web(upstream.url, name.startsWith('within') ? { WEB_KYC_UPLOAD_LIMIT_BYTES: String(40 * MiB) } : {});
      try {
        const c = connection(port);
        const type = `Content-Type: multipart/form-data; boundary=${boundary}\r\n`;
        if (chunked) {
          await c.write(`POST ${KYC} HTTP/1.1\r\nHost: x\r\n${type}Transfer-Encoding: chunked\r\n\r\n`);
          for (let offset = 0; offset < big.length; offset += MiB) {
            const part = big.subarray(offset, offset + MiB);
            await c.write(`${part.length.toString(16)}\r\n`);
            await c.write(part);
            await c.write('\r\n');
          }
          await c.write('0\r\n\r\n');
        } else {
          await c.write(`POST ${KYC} HTTP/1.1\r\nHost: x\r\n${type}Content-Length: ${big.length}\r\n\r\n`);
          await c.write(big);
        }
        await c.write(next);
        const answers = await c.answers(2);
        expect([name, answers]).toEqual([name, [name.startsWith('within') ? 400 : 413, 200]]);
        expect(c.closed()).toBe(false);
        c.socket.destroy();
      } finally {
        await app.close();
      }
    }
    await api.close();
    await early.close();
  });
});
