// The database unreachable answers the catalogue's 503 (issue 14; the fault tests restart PostgreSQL under the api).
import Fastify from 'fastify';
import { installErrorHandling, isDatabaseUnavailable } from './errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows the driver errors of a database that is down or restarting, also wrapped as a cause', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') }))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('22P02'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('makes the error handler answer 503 ERR_SERVICE_UNAVAILABLE', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/down', async () => {
      throw new Error('Failed query', { cause: withCode('ECONNREFUSED') });
    });
    app.get('/bug', async () => {
      throw new Error('boom');
    });
    const down = await app.inject({ url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE' });
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});
