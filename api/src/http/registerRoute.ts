// Registers a handler for a route of the shared-contracts route table: the route's zod schemas validate
// params, query and body (failure → 400 ERR_VALIDATION), and the answer is serialised once here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, type RouteDef } from 'shared-contracts/server';
import type { RouteAccess } from './access';

// `query?: Q` makes Def['query'] `Q | undefined`; a route without a query gets `never`.
type Out<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

interface RouteInput<Def extends RouteDef> {
  query: Out<Def['query']>;
  body: Out<Def['body']>;
  params: Out<Def['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Answer<Def extends RouteDef> = z.output<Def['response']> | SerializedJson<z.output<Def['response']>>;
export type RouteHandler<Def extends RouteDef> = (input: RouteInput<Def>) => Answer<Def> | Promise<Answer<Def>>;

/** An answer serialised once and sent as is (e.g. a quote cached for the current tick). */
export class SerializedJson<T> {
  readonly text: string;
  private length?: string;
  constructor(readonly value: T) {
    this.text = JSON.stringify(value);
  }
  /** The text's length in UTF-8 bytes, as a Content-Length header value, counted once (http/fastLane.ts). */
  get contentLength(): string {
    this.length ??= String(Buffer.byteLength(this.text));
    return this.length;
  }
}

export interface RegisterOptions {
  /** Check each answer against the route's response schema (tests / development). */
  validateResponses?: boolean;
  /** Own check of a route outside the shared-contracts route table (http/access.ts, deny by default). */
  access?: RouteAccess;
  /**
   * An answer already known for the raw query string ('' without one), sent without parsing the request (e.g. this
   * tick's answer to the same query string: rates/quoteCache.ts); undefined lets the request take the whole way. It
   * may throw a catalogue error. Such a GET may also be answered by the fast lane (http/fastLane.ts).
   */
  knownAnswer?: KnownAnswer;
}

/** This tick's answer to a raw query string ('' without one), else undefined; it may throw a catalogue error. */
export type KnownAnswer = (queryString: string) => SerializedJson<unknown> | undefined;

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The raw query string of a request ('' without one). */
const queryStringOf = (request: FastifyRequest): string => {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
};

export function validationError(part: string, error: z.ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : part;
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const where = first?.path.length ? `${part}.${first.path.join('.')}` : part;
  return ApiError.of('ERR_VALIDATION', `Invalid ${where}: ${first?.message ?? 'invalid input'}`, { fields });
}

function parsePart(part: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(part, result.error);
  return result.data;
}

export function registerRoute<Def extends RouteDef>(app: FastifyInstance, def: Def, handler: RouteHandler<Def>, opts: RegisterOptions = {}): void {
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const input = {
      params: parsePart('params', def.params, request.params),
      query: parsePart('query', def.query, request.query),
      body: parsePart('body', def.body, request.body),
      request,
      reply,
    } as RouteInput<Def>;
    const answer = await handler(input);
    const result = answer instanceof SerializedJson ? answer.value : answer;
    if (opts.validateResponses) {
      const checked = def.response.safeParse(result);
      if (!checked.success) {
        throw new Error(`Response of ${def.method} ${def.path} breaks its contract: ${JSON.stringify(checked.error.issues)}`);
      }
    }
    // A handler that sends its own answer (e.g. an image) returns the reply.
    if (reply.sent || result === reply) return reply;
    return reply.type(JSON_TYPE).send(answer instanceof SerializedJson ? answer.text : JSON.stringify(result));
  };
  const { knownAnswer } = opts;
  app.route({
    method: def.method,
    url: def.path,
    config: { ...(opts.access && { access: opts.access }), ...(knownAnswer && { knownAnswer }) },
    // A known answer goes out synchronously: no parsing, no promise (issue 27). It was checked when first made.
    handler: knownAnswer
      ? (request, reply) => {
          const known = knownAnswer(queryStringOf(request));
          if (!known) return answer(request, reply);
          reply.type(JSON_TYPE).send(known.text);
        }
      : answer,
  });
}
