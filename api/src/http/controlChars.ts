// Input (issue 7): strings carrying NUL or other control characters are refused with 400 ERR_VALIDATION
// before anything reaches the database (PostgreSQL rejects NUL in text, which used to surface as a 500), on
// every route — query, params, body (values and keys) and headers — and on the WebSocket (ws/index.ts).
// Tab, line feed and carriage return stay allowed in JSON bodies, where a free-text field may carry them;
// URLs and headers have no use for them.
import type { FastifyInstance } from 'fastify';
import { ApiError } from 'shared-contracts/server';

/** Control characters refused in free text: all C0 but tab, line feed and carriage return; DEL. */
const CONTROL_CHARS_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Control characters refused in identifiers, URLs and headers: all C0 but tab; DEL. */
export const CONTROL_CHARS_IN_LINE = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** Path of the first string (or object key) under `value` that holds a forbidden character, else null. */
export function findControlChar(value: unknown, forbidden: RegExp = CONTROL_CHARS_IN_TEXT, path = '', depth = 0): string | null {
  if (typeof value === 'string') return forbidden.test(value) ? path : null;
  // Deeper than any schema of the route table: the zod schemas refuse the shape anyway.
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findControlChar(value[i], forbidden, `${path}[${i}]`, depth + 1);
      if (hit !== null) return hit;
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (forbidden.test(key)) return path ? `${path}.${key}` : key;
    // The path is only built for what holds text: a flat object of strings (query, headers) allocates nothing.
    if (item === null || (typeof item !== 'string' && typeof item !== 'object')) continue;
    if (typeof item === 'string') {
      if (forbidden.test(item)) return path ? `${path}.${key}` : key;
      continue;
    }
    const hit = findControlChar(item, forbidden, path ? `${path}.${key}` : key, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

function controlCharError(part: string, path: string): ApiError {
  const field = path || part;
  return ApiError.of('ERR_VALIDATION', `Invalid ${path ? `${part}.${path}` : part}: control characters are not allowed`, {
    fields: { [field]: 'control characters are not allowed' },
  });
}

/** Checks every request once its body is parsed, before validation, authentication and the handler. */
export function installControlCharGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request is measurable (issue 27).
  app.addHook('preValidation', (request, _reply, done) => {
    let path = findControlChar(request.params, CONTROL_CHARS_IN_LINE);
    if (path !== null) return done(controlCharError('params', path));
    path = findControlChar(request.query, CONTROL_CHARS_IN_LINE);
    if (path !== null) return done(controlCharError('query', path));
    path = findControlChar(request.headers, CONTROL_CHARS_IN_LINE);
    if (path !== null) return done(controlCharError('headers', path));
    path = findControlChar(request.body, CONTROL_CHARS_IN_TEXT);
    if (path !== null) return done(controlCharError('body', path));
    done();
  });
}
