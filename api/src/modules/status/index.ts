// The public status page: §4 health recorded over 90 days, and incidents an admin posts (issue 13).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import type { HealthDeps } from '../health/routes';

export function registerStatusModule(_app: FastifyInstance, _config: Config, _deps: { db: DbHandle; health: HealthDeps }, _opts: RegisterOptions): void {}
