// The first-party analytics sink (§4 events): issue 13.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';

export function registerAnalyticsModule(_app: FastifyInstance, _config: Config, _deps: { db: DbHandle }, _opts: RegisterOptions): void {}
