// The drain gate and the drain (issue 14): a 503 with Connection: close (and the service's own headers) from begin()
// on, while requests already accepted finish; WebSockets closed with 1012 as the app closes.
import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import { type ClosableSocket, drainAndClose, installDrainGate } from './index';

class FakeSocket extends EventEmitter implements ClosableSocket {
  readyState = 1;
  closedWith: number | undefined;
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    setImmediate(() => this.emit('close'));
  }
  terminate() {
    this.readyState = 3;
  }
}

describe('drain', () => {
  it('answers 503 with Connection: close and the given headers once draining, and closes an answer finished meanwhile', async () => {
    const app = Fastify({ return503OnClosing: false });
    const gate = installDrainGate(app, { headers: { 'x-api-draining': '1' } });
    let release: () => void = () => undefined;
    app.get('/slow', () => new Promise((resolve) => (release = () => resolve({ ok: true }))));
    app.get('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      expect((await fetch(`${base}/`)).status).toBe(200);
      expect(gate.draining).toBe(false);
      const slow = fetch(`${base}/slow`);
      await new Promise((r) => setTimeout(r, 50));
      gate.begin();
      const refused = await fetch(`${base}/`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).toBe('close');
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.headers.get('x-api-draining')).toBe('1');
      expect(await refused.json()).toEqual({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: 'The service is restarting; retry the request' });
      release();
      const accepted = await slow;
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get('connection')).toBe('close');
    } finally {
      await app.close();
    }
  });

  it('closes the WebSockets with 1012 (Service Restart) and the app', async () => {
    const app = Fastify({ return503OnClosing: false });
    const gate = installDrainGate(app);
    const sockets = [new FakeSocket(), new FakeSocket()];
    const closed = new FakeSocket();
    closed.readyState = 3;
    await app.ready();
    await drainAndClose(app, gate, () => [...sockets, closed], { graceMs: 10 });
    expect(gate.draining).toBe(true);
    expect(sockets.map((s) => s.closedWith)).toEqual([1012, 1012]);
    expect(closed.closedWith).toBeUndefined();
  });
});
