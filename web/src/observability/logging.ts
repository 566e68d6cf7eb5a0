// Issue 14: web's logs, the api's rules (api/src/http/logging.ts): pino (Fastify's logger), the level from LOG_LEVEL
// (§9: info), human-readable lines on a terminal (pino-pretty) and JSON otherwise (LOG_FORMAT=auto|pretty|json), and
// no secret in a line: cookies, authorization, API keys, tokens and order credentials are redacted by key, and a
// request is logged by its path, never its query string (?destinationAddress=…, ?code=…).
import type { FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';

type Env = Record<string, string | undefined>;

export interface LogStream {
  write(line: string): void;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type Level = (typeof LEVELS)[number];
type LogFormat = 'auto' | 'pretty' | 'json';

/** Keys whose values are credentials wherever they appear (headers included); the api's list plus web's own. */
const SECRET_KEYS = [
  'body',
  'query',
  'cookie',
  'set-cookie',
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'x-signature',
  'x-sandbox-token',
  'idempotency-key',
  'idempotencyKey',
  'password',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'destinationAddress',
  'destinationAddressMemo',
  'refundAddress',
  'refundAddressMemo',
  'address',
  'resetCode',
] as const;

const bracket = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const k = bracket(key);
  return [k.startsWith('.') ? k.slice(1) : k, `*${k}`, `*.*${k}`, `*.*.*${k}`];
});

/** The path without its query string (the query carries order lookup credentials). */
export const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0];

function serializeRequest(req: { id?: string; method?: string; url?: string; ip?: string }) {
  return { method: req.method, url: pathOf(req.url), remoteAddress: req.ip };
}

function serializeError(err: Error & { code?: unknown }) {
  return { type: err.constructor?.name ?? 'Error', message: String(err.message ?? ''), stack: err.stack ?? '', code: err.code };
}

function logLevel(env: Env): Level {
  const raw = env.LOG_LEVEL?.trim() || 'info';
  if (!(LEVELS as readonly string[]).includes(raw)) throw new Error(`Invalid configuration: LOG_LEVEL: one of ${LEVELS.join(', ')} expected, got "${raw}"`);
  return raw as Level;
}

function logFormat(env: Env): LogFormat {
  const raw = env.LOG_FORMAT?.trim() || 'auto';
  if (raw !== 'auto' && raw !== 'pretty' && raw !== 'json') throw new Error(`Invalid configuration: LOG_FORMAT: auto, pretty or json expected, got "${raw}"`);
  return raw;
}

/** Human-readable on a terminal, JSON otherwise (log collectors read JSON); LOG_FORMAT forces either. */
export function prettyLogs(format: LogFormat, isTTY: boolean | undefined): boolean {
  return format === 'pretty' || (format === 'auto' && isTTY === true);
}

function prettyStream(out: LogStream, colorize: boolean): LogStream {
  const pretty = prettyFactory({ colorize, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  return { write: (line) => out.write(pretty(line)) };
}

/** Fastify's `logger` option for web: false when LOG_LEVEL=silent. `stream`: where lines go instead of stdout (tests). */
export function webLoggerOptions(env: Env, stream?: LogStream): FastifyServerOptions['logger'] {
  const level = logLevel(env);
  if (level === 'silent') return false;
  const out = stream ?? process.stdout;
  const pretty = prettyLogs(logFormat(env), stream ? false : process.stdout.isTTY);
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    stream: pretty ? prettyStream(out, !stream && process.stdout.isTTY === true) : out,
  };
}
