// GET /metrics on a listener of its own (the api's METRICS_HOST:METRICS_PORT, default 127.0.0.1:9464; web's
// METRICS_HOST:WEB_METRICS_PORT, default 9465), never the public port: what a scraper reads (order counts, queue
// depths) is not for visitors. A plain node:http server: one path, no hooks, nothing of the app's request pipeline.
import http from 'node:http';

export interface MetricsListenOptions {
  port: number;
  host: string;
  render(): Promise<string>;
  contentType: string;
  log?: { error(obj: unknown, msg?: string): void };
  /** the setting that chose the port, named in the log line when it is taken (METRICS_PORT, WEB_METRICS_PORT) */
  portSetting: string;
}

export interface MetricsServer {
  /** http://host:port (the port actually bound when 0 was asked for). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Listens, or answers null when the port is taken: a second process on the same host without its own port setting
 * still serves its visitors (the error is logged; Prometheus shows the target down).
 */
export async function startMetricsServer(opts: MetricsListenOptions): Promise<MetricsServer | null> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    opts.render().then(
      (body) => {
        res.writeHead(200, { 'content-type': opts.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        opts.log?.error({ err }, 'metrics: collection failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics collection failed\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    opts.log?.error({ err, port: opts.port, host: opts.host }, `metrics: cannot listen on ${opts.host}:${opts.port} (${opts.portSetting}); /metrics is off`);
    return null;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  server.unref();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
