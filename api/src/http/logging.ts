// Logs never carry order lookup credentials, codes, passwords, tokens or cookies (issue 7): pino redacts them
// by key, requests are logged without their query string (?destinationAddress=…), and database errors lose
// the values they quote (a failed query's params, PostgreSQL's "Key (…)=(…)" details).

/**
 * Keys whose values are credentials wherever they appear in a logged object; whole request bodies and
 * queries too (an email confirmation code travels as `code`, a key too common to redact on its own).
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
] as const;

const bracket = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);

/** The key at the top level and up to three levels down (pino's wildcards match one level each). */
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const k = bracket(key);
  return [k.startsWith('.') ? k.slice(1) : k, `*${k}`, `*.*${k}`, `*.*.*${k}`];
});

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
  return { method: req.method, url: req.url?.split('?')[0], route: req.routeOptions?.url, remoteAddress: req.ip };
}

export interface LoggerOptions {
  level: string;
  redact: { paths: string[]; censor: string };
  serializers: { err: typeof serializeError; error: typeof serializeError; req: typeof serializeRequest };
}

export function loggerOptions(level: string): LoggerOptions | false {
  if (level === 'silent') return false;
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}
