// Issue 29 statusHolds: auth none, no per-address limit (one query per replica every HOLD_REPORT_CACHE_MS however many
// ask), public cache for as long, logs nothing (and answers counts only: no personal data).
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { HOLD_REPORT_CACHE_MS, type HoldReportService } from './holdReport';

export function registerHoldReportRoute(app: FastifyInstance, holds: HoldReportService, opts: RegisterOptions): void {
  registerRoute(
    app,
    apiRoutes.statusHolds,
    async ({ reply }) => {
      reply.header('cache-control', `public, max-age=${HOLD_REPORT_CACHE_MS / 1000}`);
      return holds.report();
    },
    opts,
  );
}
