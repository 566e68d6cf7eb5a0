// The metrics listener (issue 14): GET /metrics only, on its own port; a taken port turns /metrics off with a log line
// naming the setting, never stops the service.
import { startMetricsServer } from './index';

const errors: string[] = [];
const log = { error: (_obj: unknown, msg?: string) => void errors.push(msg ?? '') };

describe('startMetricsServer', () => {
  afterEach(() => errors.splice(0));

  it('answers GET and HEAD /metrics with the rendered text, uncached, and 404 to anything else', async () => {
    const server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      render: async () => 'up 1\n',
      contentType: 'text/plain; version=0.0.4',
      log,
      portSetting: 'METRICS_PORT',
    });
    if (!server) throw new Error('not listening');
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${server.url}/metrics?x=1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe('up 1\n');
      const head = await fetch(`${server.url}/metrics`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect((await fetch(`${server.url}/`)).status).toBe(404);
      expect((await fetch(`${server.url}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('answers 500 and logs when collecting fails', async () => {
    const server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      render: () => Promise.reject(new Error('db down')),
      contentType: 'text/plain',
      log,
      portSetting: 'METRICS_PORT',
    });
    if (!server) throw new Error('not listening');
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(500);
      expect(errors).toEqual(['metrics: collection failed']);
    } finally {
      await server.close();
    }
  });

  it('answers null and names the setting when the port is taken', async () => {
    const first = await startMetricsServer({ port: 0, host: '127.0.0.1', render: async () => '', contentType: 'text/plain', portSetting: 'WEB_METRICS_PORT' });
    if (!first) throw new Error('not listening');
    try {
      const port = Number(new URL(first.url).port);
      const second = await startMetricsServer({
        port,
        host: '127.0.0.1',
        render: async () => '',
        contentType: 'text/plain',
        log,
        portSetting: 'WEB_METRICS_PORT',
      });
      expect(second).toBeNull();
      expect(errors).toEqual([`metrics: cannot listen on 127.0.0.1:${port} (WEB_METRICS_PORT); /metrics is off`]);
    } finally {
      await first.close();
    }
  });
});
