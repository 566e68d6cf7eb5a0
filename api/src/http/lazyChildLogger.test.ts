import Fastify from 'fastify';
import { lazyChildLogger } from './lazyChildLogger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

describe('lazyChildLogger', () => {
  it('makes no child for a request that does not log', async () => {
    const { stream } = capture();
    const app = Fastify({ logger: { level: 'info', redact: ['*.secret'], stream }, childLoggerFactory: lazyChildLogger, disableRequestLogging: true });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/debug', async (request) => {
      request.log.debug('below the level');
      return { ok: true };
    });
    await app.ready();
    const child = jest.spyOn(app.log, 'child');
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect((await app.inject('/debug')).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    await app.close();
  });

  it('logs with the request id, redaction and the route log level as the eager child did', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', redact: ['*.secret'], stream }, childLoggerFactory: lazyChildLogger, disableRequestLogging: true });
    app.get('/log', async (request) => {
      request.log.info({ data: { secret: 'hunter2', kept: 1 } }, 'hello');
      return { ok: true, level: request.log.level };
    });
    app.get('/verbose', { logLevel: 'debug' }, async (request) => {
      request.log.debug('route level');
      return { level: request.log.level };
    });
    app.get('/boom', async (request) => {
      request.log.error({ err: new Error('boom') }, 'failed');
      return { ok: false };
    });
    const res = await app.inject('/log');
    expect(res.json()).toEqual({ ok: true, level: 'info' });
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'hello', reqId: expect.any(String), data: { secret: '[Redacted]', kept: 1 } }));
    expect((await app.inject('/verbose')).json()).toEqual({ level: 'debug' });
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'route level', level: 20, reqId: expect.any(String) }));
    expect((await app.inject('/boom')).statusCode).toBe(200);
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, reqId: expect.any(String), err: expect.objectContaining({ message: 'boom' }) }));
    expect((lazyChildLogger(app.log, { reqId: 'x' }, {}).child({ a: 1 }) as unknown as { bindings(): unknown }).bindings()).toEqual({ reqId: 'x', a: 1 });
    await app.close();
  });
});
