// Issue 14: web's logs, the api's rules (server-kit/logging: redaction by key, no query strings, pretty on a terminal
// and JSON otherwise), configured from web's environment: LOG_LEVEL (§9: info) and LOG_FORMAT=auto|pretty|json.
import type { FastifyServerOptions } from 'fastify';
import { type LogFormat, type LogStream, loggerOptions } from 'server-kit/logging';

type Env = Record<string, string | undefined>;

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type Level = (typeof LEVELS)[number];

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

/** Fastify's `logger` option for web: false when LOG_LEVEL=silent. `stream`: where lines go instead of stdout (tests). */
export function webLoggerOptions(env: Env, stream?: LogStream): FastifyServerOptions['logger'] {
  return loggerOptions(logLevel(env), { format: logFormat(env), stream });
}
