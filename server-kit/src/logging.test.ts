// Logs of the api and web (issues 7 and 14): pretty on a terminal and JSON otherwise, secrets redacted by key
// wherever they sit, requests by path only, database errors without the values they quote, request ids checked.
import Fastify from 'fastify';
import { loggerOptions, pathOf, prettyLogs, serializeError, validRequestId } from './logging';

describe('log output', () => {
  const collect = (format: 'pretty' | 'json') => {
    const out: string[] = [];
    const options = loggerOptions('info', { format, stream: { write: (l: string) => void out.push(l) } });
    if (!options) throw new Error('silent');
    return { out, stream: options.stream! };
  };
  const line = JSON.stringify({ level: 30, time: Date.now(), pid: 1, hostname: 'h', reqId: 'web-123456789', msg: 'order transition' });

  it('is human-readable on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(prettyLogs('auto', true)).toBe(true);
    expect(prettyLogs('auto', false)).toBe(false);
    expect(prettyLogs('auto', undefined)).toBe(false);
    expect(prettyLogs('json', true)).toBe(false);
    expect(prettyLogs('pretty', false)).toBe(true);
    const pretty = collect('pretty');
    pretty.stream.write(`${line}\n`);
    expect(pretty.out.join('')).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: order transition\n\s+reqId: "web-123456789"/);
    const json = collect('json');
    json.stream.write(`${line}\n`);
    expect(JSON.parse(json.out[0])).toMatchObject({ msg: 'order transition' });
    expect(loggerOptions('silent')).toBe(false);
  });

  it('redacts secrets by key at any depth, headers of the api and of web alike', async () => {
    const out: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { format: 'json', stream: { write: (l) => void out.push(l) } }) as object });
    const secret = 's3cr3t-value';
    app.log.info(
      {
        headers: { cookie: `a=${secret}`, 'proxy-authorization': secret, 'x-api-key': secret, authorization: secret },
        body: { password: secret },
        order: { destinationAddress: secret, nested: { twoFactorCode: secret } },
        jwtSecret: secret,
      },
      'secrets',
    );
    await app.close();
    const text = out.join('');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(secret);
  });

  it('logs a path without its query string', () => {
    expect(pathOf('/reset-password?code=123456')).toBe('/reset-password');
    expect(pathOf(undefined)).toBe('/');
  });

  it('keeps a database error its code and names, not the values it quotes', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type uuid: "0xde0b295669a9fd93"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (destination_address)=(0xde0b295669a9fd93) already exists.',
    });
    const serialized = serializeError(pgError);
    expect(serialized).toMatchObject({ type: 'Error', code: '22P02', message: 'invalid input syntax for type uuid: "…"' });
    expect(JSON.stringify(serialized)).not.toContain('0xde0b295669a9fd93');
    const missing = Object.assign(new Error('relation "orders" does not exist'), { code: '42P01', severity: 'ERROR' });
    expect(serializeError(missing).message).toBe('relation "orders" does not exist');
  });

  it('adopts only short printable request ids', () => {
    expect(validRequestId('web-123456789')).toBe(true);
    expect(validRequestId('x'.repeat(129))).toBe(false);
    expect(validRequestId('short')).toBe(false);
    expect(validRequestId('has spaces and "quotes"')).toBe(false);
    expect(validRequestId(['web-123456789'])).toBe(false);
  });
});
