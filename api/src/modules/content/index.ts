// The content service (§2 "blog and docs content comes from a blog service", §7): issue 13.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RegisterOptions } from '../../http/registerRoute';

export async function registerContentModule(_app: FastifyInstance, _config: Config, _opts: RegisterOptions): Promise<void> {}
