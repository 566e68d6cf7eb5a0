// GET /api/v1/openapi.json: the OpenAPI document generated from the route table (issue 13).
import type { FastifyInstance } from 'fastify';
import type { RegisterOptions } from '../../http/registerRoute';

export function registerOpenApiModule(_app: FastifyInstance, _opts: RegisterOptions): void {}
