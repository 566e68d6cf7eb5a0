// An answer given before its request's body was read: the rest is drained so the keep-alive connection serves the
// next request, or, declared larger than the bound, the connection is closed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { discardUnreadBodies } from './index';

async function serve(limitBytes: number): Promise<{ app: FastifyInstance; port: number }> {
  const app = Fastify();
  // a body parser that gives up at once, as a multipart parser does at its limit: the body stays piped into a sink that
  // never takes more, and the answer goes out with the rest still on the connection
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.pipe(new Writable({ highWaterMark: 1, write: () => undefined }));
    done(null, undefined);
  });
  discardUnreadBodies(app, { limitBytes });
  app.post('/upload', async (_request, reply) => reply.code(401).send({ code: 'ERR_UNAUTHORIZED' }));
  app.get('/next', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

function send(agent: http.Agent, port: number, method: string, path: string, body?: Buffer) {
  return new Promise<{ status: number; connection?: string }>((resolve, reject) => {
    const req = http.request({ agent, port, host: '127.0.0.1', method, path, headers: body ? { 'content-length': String(body.length) } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('discardUnreadBodies', () => {
  it('drains an unread body so the same connection answers the next request', async () => {
    const { app, port } = await serve(1024 * 1024);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await send(agent, port, 'POST', '/upload', Buffer.alloc(256 * 1024, 1))).toMatchObject({ status: 401 });
      expect(await send(agent, port, 'GET', '/next')).toMatchObject({ status: 200 });
    } finally {
      agent.destroy();
      await app.close();
    }
  });

  it('closes the connection of a body declared larger than the bound', async () => {
    const { app, port } = await serve(1024);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await send(agent, port, 'POST', '/upload', Buffer.alloc(4096, 1))).toEqual({ status: 401, connection: 'close' });
      expect(await send(agent, port, 'GET', '/next')).toMatchObject({ status: 200 });
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
