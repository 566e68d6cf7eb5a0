// One error handler for the whole app: every error leaves in the §8 catalogue shape
// { statusCode, code, message }; unexpected errors are logged and answered with a generic 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { ApiError, isApiError, type ErrorCode } from 'shared-contracts/server';
import { validationError } from './registerRoute';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'ERR_BAD_REQUEST',
  401: 'ERR_UNAUTHORIZED',
  403: 'ERR_FORBIDDEN',
  404: 'ERR_NOT_FOUND',
  406: 'ERR_NOT_ACCEPTABLE',
  422: 'ERR_UNPROCESSABLE_ENTITY',
  429: 'ERR_TOO_MANY_REQUESTS',
  503: 'ERR_SERVICE_UNAVAILABLE',
};

/** PostgreSQL error classes 08 (connection exception) and 57P (operator intervention: shutdown, cannot connect now). */
const DB_DOWN_SQLSTATE = /^(08|57P)/;
const DB_DOWN_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);
const DB_DOWN_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * The database unreachable (a restart, a fail-over): the request answers the catalogue's 503 ERR_SERVICE_UNAVAILABLE,
 * which clients retry, rather than a 500 (issue 14 fault tests). Drizzle wraps the driver's error: its causes are read too.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (DB_DOWN_SOCKET.has(code) || (code.length === 5 && DB_DOWN_SQLSTATE.test(code)))) return true;
    if (e instanceof Error && DB_DOWN_MESSAGE.test(e.message)) return true;
  }
  return false;
}

function toApiError(err: unknown): ApiError | null {
  if (isApiError(err)) return err;
  if (isDatabaseUnavailable(err)) return ApiError.of('ERR_SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly');
  if (err instanceof ZodError) return validationError('request', err);
  const status = (err as FastifyError | undefined)?.statusCode;
  // Fastify's own client errors (malformed JSON, body too large, bad content type…) keep their status.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError({ statusCode: status, code: CODE_BY_STATUS[status] ?? 'ERR_BAD_REQUEST', message: (err as Error).message });
  }
  return null;
}

/**
 * Fastify's router errors, which never reach the error handler (a malformed URL, a path parameter longer than
 * maxParamLength: 414), in the catalogue shape too (found by the issue 14 fuzz, api/test/fuzz).
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const apiError = toApiError(err) ?? ApiError.of('ERR_BAD_REQUEST', err.message);
  void reply.status(apiError.statusCode).send(apiError.toJSON());
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const apiError = toApiError(err);
    if (apiError) {
      if (apiError.statusCode >= 500) request.log.warn({ code: apiError.code }, apiError.message);
      return reply.status(apiError.statusCode).send(apiError.toJSON());
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, code: 'ERR_INTERNAL_SERVER_ERROR', message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return reply.status(404).send({ statusCode: 404, code: 'ERR_NOT_FOUND', message: `Route ${request.method} ${path} not found` });
  });
}
