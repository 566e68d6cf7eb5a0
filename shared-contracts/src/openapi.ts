// OpenAPI 3.1 document generated from the route table; mfe-docs renders it with redoc.
import { z } from 'zod';
import { apiRoutes, type RouteDef } from './routes';
import { ApiErrorBodySchema, ERROR_CODES } from './errors';

type JsonSchema = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
}

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _s, ...rest } = schema;
  return rest;
}

export function buildOpenApiDocument(serverUrl = '/'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = strip(schemaOf(ApiErrorBodySchema, 'output'));
  for (const [operationId, def] of Object.entries(apiRoutes) as [string, RouteDef][]) {
    const openPath = def.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, s] of [['path', def.params], ['query', def.query]] as const) {
      if (!s) continue;
      const js = schemaOf(s, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: prop });
      }
    }
    const op: Record<string, unknown> = {
      operationId,
      summary: def.summary,
      tags: [def.tag],
      'x-timeout-ms': def.timeoutMs,
      security: def.auth === 'user' || def.auth === 'admin' ? [{ cookieAuth: [] }] : [],
      parameters,
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: strip(schemaOf(def.response, 'output')) } } },
        default: { description: 'Error in the catalogue shape', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    if (def.body) op.requestBody = { required: true, content: { 'application/json': { schema: strip(schemaOf(def.body, 'input')) } } };
    (paths[openPath] ??= {})[def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exchange API',
      version: '1.0.0',
      description: `Public and account API of the exchange. Errors always have the shape {statusCode, code, message}; codes: ${ERROR_CODES.join(', ')}. Amounts are decimal strings.`,
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' } } },
    paths,
  };
}
