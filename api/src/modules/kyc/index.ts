// The identity verification module (issue 12): kyc/submit (multipart uploads, sniffed, re-encoded, sealed at rest),
// kyc/status, the admin review (list, data, documents, pass or reject with an audit log) and the KYC job (the sandbox's
// automatic decision, document retention). Logs carry account id, verification id and status only: never names,
// numbers or dates of birth.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { createOrderJob } from '../../jobs/orderJob';
import { createSecretBox } from '../../lib/secretBox';
import type { AuthUser } from '../auth/authenticate';
import { unauthorized } from '../auth/authenticate';
import { resolveDataEncryptionKey } from '../auth/secret';
import { retentionPass, sandboxDecisionPass } from './jobs';
import { createKycRepo } from './repo';
import { createDocumentStore } from './storage';
import { MULTIPART_LIMITS, submitVerification } from './submit';

export interface KycModuleDeps {
  db: DbHandle;
}

const RETENTION_EVERY_MS = 60 * 60 * 1000;

function signedIn(user: AuthUser | null): AuthUser {
  if (!user) throw unauthorized('NO_SESSION');
  return user;
}

export async function registerKycModule(app: FastifyInstance, config: Config, deps: KycModuleDeps, opts: RegisterOptions): Promise<void> {
  const now = () => new Date();
  const repo = createKycRepo(deps.db.db, now);
  const store = createDocumentStore(config.kyc.storageDir, createSecretBox(await resolveDataEncryptionKey(config, deps.db, (msg) => app.log.warn(msg))));

  // The multipart parser only in this scope, for kyc/submit: every other route keeps refusing multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { ...MULTIPART_LIMITS, fileSize: config.kyc.maxFileBytes },
      throwFileSizeLimit: true,
    });
    scope.route({
      method: apiRoutes.kycSubmit.method,
      url: apiRoutes.kycSubmit.path,
      // The whole form may hold three images of maxFileBytes each.
      bodyLimit: 3 * config.kyc.maxFileBytes + 64 * 1024,
      handler: async (request, reply) => {
        const userId = signedIn(request.user).userId;
        const verificationId = await submitVerification({ repo, store, maxFileBytes: config.kyc.maxFileBytes }, request, userId);
        request.log.info({ userId, verificationId, status: 'CREATED' }, 'kyc submitted');
        const answer = { status: 'CREATED' as const, rejectReason: null };
        if (opts.validateResponses) apiRoutes.kycSubmit.response.parse(answer);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
      },
    });
  });

  registerRoute(app, apiRoutes.kycStatus, ({ request }) => repo.status(signedIn(request.user).userId), opts);

  registerRoute(app, apiRoutes.adminKycList, ({ query }) => repo.list(query.page, query.perPage, query.status), opts);
  registerRoute(app, apiRoutes.adminKycGet, ({ params, request }) => repo.review(params.verificationId, signedIn(request.user).userId), opts);
  registerRoute(
    app,
    apiRoutes.adminKycDocument,
    async ({ params, request, reply }) => {
      const adminId = signedIn(request.user).userId;
      const jpeg = await store.get(await repo.documentKey(params.verificationId, params.kind, adminId));
      request.log.info({ accountId: adminId, verificationId: params.verificationId, kind: params.kind }, 'kyc document viewed');
      return reply
        .type('image/jpeg')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(jpeg);
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.adminKycDecide,
    async ({ body, request }) => {
      const adminId = signedIn(request.user).userId;
      const reason = body.decision === 'REJECT' ? (body.rejectReason ?? null) : null;
      const { userId } = await repo.decide(body.verificationId, body.decision, reason, { userId: adminId, role: 'ADMIN' });
      request.log.info({ accountId: adminId, userId, verificationId: body.verificationId, status: body.decision }, 'kyc decided');
      return { status: body.decision, rejectReason: reason };
    },
    opts,
  );

  const sandboxDecisions = config.sandboxMode && config.kyc.sandboxAutoDecision !== 'off';
  let lastRetention = 0;
  const job = createOrderJob({
    processDue: async () => {
      const t = now();
      if (sandboxDecisions) await sandboxDecisionPass(repo, config.kyc, t, app.log);
      if (t.getTime() - lastRetention >= RETENTION_EVERY_MS) {
        lastRetention = t.getTime();
        await retentionPass(repo, store, config.kyc.retentionDays, t, app.log);
      }
    },
    intervalMs: sandboxDecisions ? Math.max(20, Math.min(Math.floor(config.kyc.sandboxDecisionDelayMs / 2) || 20, 1000)) : RETENTION_EVERY_MS,
    log: app.log,
  });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
}
