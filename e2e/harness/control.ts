// A tiny HTTP control server started next to the stack in globalSetup: test workers cannot reach the
// child processes by handle, so they ask here to stop or restart one remote's static server.
//   GET  /info                    → StackInfo
//   POST /remotes/<name>/stop     → stops that remote's server (returns when its port is closed)
//   POST /remotes/<name>/start    → starts it again on the same port (returns once mf-manifest.json answers)
import http from 'node:http';
import type net from 'node:net';
import { REMOTES, type RemoteName } from './apps';
import type { Stack, StackInfo } from './stack';

export interface ControlServer {
  url: string;
  close(): Promise<void>;
}

export function startControlServer(stack: Stack): Promise<ControlServer> {
  const info: StackInfo = { webUrl: stack.webUrl, apiUrl: stack.apiUrl, remotes: stack.remotes, logDir: stack.logDir };
  const names = new Set<string>(REMOTES.map((r) => r.name));
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://control');
    if (req.method === 'GET' && url.pathname === '/info') return send(200, info);
    const m = /^\/remotes\/([a-z_]+)\/(stop|start)$/.exec(url.pathname);
    if (req.method === 'POST' && m) {
      const [, name, action] = m;
      if (!names.has(name)) return send(404, { error: `unknown remote ${name}` });
      const op = action === 'stop' ? stack.stopRemote(name as RemoteName) : stack.startRemote(name as RemoteName);
      op.then(
        () => send(200, { name, running: stack.isRemoteRunning(name as RemoteName) }),
        (err: Error) => send(500, { error: err.message }),
      );
      return;
    }
    send(404, { error: 'not found' });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}
