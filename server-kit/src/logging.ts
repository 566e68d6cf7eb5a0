// Logs of the api and web (issues 7 and 14): pino (Fastify's logger) at a level (§9: info), human-readable lines on a
// terminal (pino-pretty) and JSON otherwise, and no secret in a line: order lookup credentials, codes, passwords,
// tokens, cookies and API keys are redacted by key, requests are logged without their query string
// (?destinationAddress=…, ?code=…), and database errors lose the values they quote (a failed query's params,
// PostgreSQL's "Key (…)=(…)" details).
import { prettyFactory } from 'pino-pretty';

/**
 * Keys whose values are credentials wherever they appear in a logged object (headers included); whole request bodies
 * and queries too (an email confirmation code travels as `code`, a key too common to redact on its own).
 */
const SECRET_KEYS = [
  'body',
  'query',
  'destinationAddress',
  'destinationAddressMemo',
  'refundAddress',
  'refundAddressMemo',
  'resetCode',
  'password',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'kycAccessToken',
  'jwtSecret',
  'sandboxToken',
  'cookie',
  'authorization',
  'proxy-authorization',
  'idempotencyKey',
  'idempotency-key',
  'set-cookie',
  'x-sandbox-token',
  // API keys and webhook signing secrets (issue 11)
  'secret',
  'secretHash',
  'x-api-key',
  'x-signature',
  'address',
  // Two-factor authentication (issue 24)
  'twoFactorCode',
  'recoveryCodes',
  'otpauthUri',
] as const;

const bracket = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

/** The key at the top level and up to three levels down (pino's wildcards match one level each). */
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const k = bracket(key);
  return [k.startsWith('.') ? k.slice(1) : k, `*${k}`, `*.*${k}`, `*.*.*${k}`];
});

/** The path without its query string (the query carries order lookup credentials). */
export const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0];

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** A SQLSTATE error of pg / PGlite: its message and detail may quote the row's values. */
const isDatabaseError = (err: Record<string, unknown>) => typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && 'severity' in err;

const QUOTED = /(\b(?:relation|column|table|constraint|index|function|type|schema|sequence|database|role) )?"[^"]*"/g;
const maskQuotedValues = (message: string) => message.replace(QUOTED, (quoted, name?: string) => (name ? quoted : '"…"'));

function safeMessage(err: Error & Record<string, unknown>): string {
  const message = String(err.message ?? '');
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"; the SQL text has only placeholders.
  if (typeof err.query === 'string' && message.startsWith('Failed query:')) return `Failed query: ${err.query}`;
  // Quoted values go ("invalid input syntax for type uuid: \"…\""); quoted names of relations, columns… stay.
  if (isDatabaseError(err)) return maskQuotedValues(message).replace(/\([^)]*\)=\([^)]*\)/g, '(…)=(…)');
  return message;
}

/** Type, message, stack, code and cause of an error; nothing else it carries (params, detail, request data). */
export function serializeError(error: Error, depth = 0): SerializedError {
  const err = error as Error & Record<string, unknown>;
  const message = safeMessage(err);
  const stack = typeof err.stack === 'string' ? err.stack : '';
  const out: SerializedError = {
    type: err.constructor?.name ?? 'Error',
    message,
    stack: message !== err.message && err.message ? stack.split(err.message).join(message) : stack,
  };
  if (err.code !== undefined) out.code = err.code;
  if (err.cause instanceof Error && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

function serializeRequest(req: { method?: string; url?: string; ip?: string; routeOptions?: { url?: string } }) {
  return { method: req.method, url: pathOf(req.url), route: req.routeOptions?.url, remoteAddress: req.ip };
}

export interface LogStream {
  write(line: string): void;
}

export interface LoggerOptions {
  level: string;
  redact: { paths: string[]; censor: string };
  serializers: { err: typeof serializeError; error: typeof serializeError; req: typeof serializeRequest };
  stream?: LogStream;
}

/** LOG_FORMAT: `pretty` (human-readable, pino-pretty), `json` (one JSON object a line), `auto` (pretty on a terminal). */
export type LogFormat = 'auto' | 'pretty' | 'json';

/** Human-readable lines when the output is a terminal, JSON otherwise (log collectors read JSON). */
export function prettyLogs(format: LogFormat, isTTY: boolean | undefined = process.stdout.isTTY): boolean {
  return format === 'pretty' || (format === 'auto' && isTTY === true);
}

/**
 * pino-pretty in the same thread (no transport worker): each JSON line, already redacted by pino, is rewritten as
 * one readable line. Only used on a terminal, where a person reads at a person's pace.
 */
function prettyStream(out: LogStream = process.stdout, colorize = out === process.stdout && process.stdout.isTTY === true): LogStream {
  const pretty = prettyFactory({ colorize, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  return { write: (line) => out.write(pretty(line)) };
}

/** Fastify's `logger` option: false at `silent`. `stream`: where lines go instead of stdout (tests; never pretty by TTY). */
export function loggerOptions(level: string, output: { format?: LogFormat; stream?: LogStream } = {}): LoggerOptions | false {
  if (level === 'silent') return false;
  const options: LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
  const pretty = output.format !== undefined && prettyLogs(output.format, output.stream ? false : undefined);
  if (pretty) options.stream = prettyStream(output.stream);
  else if (output.stream) options.stream = output.stream;
  return options;
}

/** Request ids a service adopts from `x-request-id` (web's, or a trusted edge's): short, printable, no spaces. */
const REQUEST_ID = /^[A-Za-z0-9._:@-]{8,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

export function validRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value);
}
