// OpenAPI 3.1 document generated from the route table; mfe-docs renders it with redoc.
import { z } from 'zod';
import { apiRoutes, type RouteDef } from './routes';
import { ERROR_CODES } from './errors';
import { ApiErrorBodySchema } from './schemas';

type JsonSchema = Record<string, unknown>;

/** Per-key limits of the partner API (IETF RateLimit header fields draft). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per window for this key', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

/**
 * Schemas with a `.meta({ id })` become components. zod emits them as local `$defs`; they are moved to
 * `components.schemas` (input variants suffixed `Input`, since defaults make request and response shapes differ).
 */
function componentCollector() {
  const components: Record<string, JsonSchema> = {};
  const rewrite = (value: unknown, suffix: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => rewrite(v, suffix));
    if (value && typeof value === 'object') {
      const out: JsonSchema = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) out[k] = `#/components/schemas/${v.slice(8)}${suffix}`;
        else if (k !== '$schema' && k !== '$defs') out[k] = rewrite(v, suffix);
      }
      return out;
    }
    return value;
  };
  const schemaOf = (s: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const suffix = io === 'input' ? 'Input' : '';
    const raw = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, def] of Object.entries(raw.$defs ?? {})) components[`${id}${suffix}`] ??= rewrite(def, suffix) as JsonSchema;
    return rewrite(raw, suffix) as JsonSchema;
  };
  /** Follows a top-level component reference (for query/path parameters, which need the properties). */
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref;
    return typeof ref === 'string' ? (components[ref.replace('#/components/schemas/', '')] ?? schema) : schema;
  };
  return { components, schemaOf, resolve };
}

export function buildOpenApiDocument(serverUrl = '/'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const { components, schemaOf, resolve } = componentCollector();
  const errorSchema = schemaOf(ApiErrorBodySchema, 'output');
  for (const [operationId, def] of Object.entries(apiRoutes) as [string, RouteDef][]) {
    const openPath = def.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, s] of [
      ['path', def.params],
      ['query', def.query],
    ] as const) {
      if (!s) continue;
      const js = resolve(schemaOf(s, 'input')) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: prop });
      }
    }
    const op: Record<string, unknown> = {
      operationId,
      summary: def.summary,
      tags: [def.tag],
      'x-timeout-ms': def.timeoutMs,
      security: def.auth === 'user' || def.auth === 'admin' ? [{ cookieAuth: [] }] : def.auth === 'partner' ? [{ apiKeyAuth: [] }] : [],
      parameters,
      responses: {
        '200': {
          description: 'OK',
          ...(def.auth === 'partner' && { headers: RATE_LIMIT_HEADERS }),
          content: { 'application/json': { schema: schemaOf(def.response, 'output') } },
        },
        default: { description: 'Error in the catalogue shape', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    if (def.body) {
      const mediaType = def.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
      op.requestBody = { required: true, content: { [mediaType]: { schema: schemaOf(def.body, 'input') } } };
    }
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
    components: {
      schemas: components,
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        apiKeyAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description:
            'A key made on /profile/keys. Optionally sign the request: X-Timestamp (Unix seconds) and X-Signature = hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the key as the secret.',
        },
      },
    },
    paths,
  };
}
