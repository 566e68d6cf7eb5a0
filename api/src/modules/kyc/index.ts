// The identity verification module (issue 12): kyc/submit (multipart uploads, sniffed, re-encoded, sealed at rest),
// kyc/status, the admin review (list, data, documents, pass or reject with an audit log) and the KYC job (the sandbox's
// automatic decision, document retention). Logs carry account id, verification id and status only: never names,
// numbers or dates of birth. Issue 24: documents and personal data sealed in the database (storage.ts, repo.ts),
// kyc/submit held per account and per replica (limits.ts), the admin's read a pure GET and taking a verification a POST.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ApiError, apiRoutes } from 'shared-contracts/server';
import type { ModuleConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { createOrderJob } from '../../jobs/orderJob';
import { createSecretBox } from '../../lib/secretBox';
import { type AuthUser, resolveDataEncryptionKey, unauthorized } from '../accounts';
import { retentionPass, sandboxDecisionPass } from './jobs';
import { createKycLimits, type LimitStore } from '../../limits';
import { createKycRepo, sealPlainPersonalData } from './repo';
import { createDocumentStore } from './storage';
import { MULTIPART_LIMITS, submitVerification } from './submit';

export interface KycModuleDeps {
  db: DbHandle;
  /** Where the hourly submit count is kept. */
  limits: LimitStore;
}

const RETENTION_EVERY_MS = 60 * 60 * 1000;

function signedIn(user: AuthUser | null): AuthUser {
  if (!user) throw unauthorized('NO_SESSION');
  return user;
}

export async function registerKycModule(app: FastifyInstance, config: ModuleConfig<'kyc'>, deps: KycModuleDeps, opts: RegisterOptions): Promise<void> {
  const now = () => new Date();
  const box = createSecretBox(await resolveDataEncryptionKey(config, deps.db, (msg) => app.log.warn(msg)));
  const store = createDocumentStore(deps.db.db, box);
  const repo = createKycRepo(deps.db.db, now, box, store);
  const limits = createKycLimits(deps.limits, config.kyc);

  // The multipart parser only in this scope, for kyc/submit: every other route keeps refusing multipart bodies.
  const bodyLimit = 3 * config.kyc.maxFileBytes + 64 * 1024;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { ...MULTIPART_LIMITS, fileSize: config.kyc.maxFileBytes },
      throwFileSizeLimit: true,
    });
    scope.route({
      method: apiRoutes.kycSubmit.method,
      url: apiRoutes.kycSubmit.path,
      // The whole form may hold three images of maxFileBytes each.
      bodyLimit,
      // Issue 24: the multipart parser reads a body to its end whatever its size; one declared larger than the form can
      // be is refused at once (413), before a byte of it is read (http/refusedBodies.ts then drains or closes).
      onRequest: async (request) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > bodyLimit) {
          throw new ApiError({ statusCode: 413, code: 'ERR_BAD_REQUEST', message: `Request body is too large: at most ${bodyLimit} bytes` });
        }
      },
      handler: async (request, reply) => {
        const userId = signedIn(request.user).userId;
        // held before a byte of the body is read (a refused body is drained or its connection closed)
        const release = await limits.begin(userId).catch((err: unknown) => {
          const retryAfter = (err as { retryAfterS?: number }).retryAfterS;
          if (retryAfter) reply.header('retry-after', String(retryAfter));
          request.log.info({ userId }, 'kyc submit refused by its limits');
          throw err;
        });
        const verificationId = await submitVerification(
          {
            repo,
            maxFileBytes: config.kyc.maxFileBytes,
            decoding: (work) =>
              limits.decoding(work).catch((err: unknown) => {
                const retryAfter = (err as { retryAfterS?: number }).retryAfterS;
                if (retryAfter) reply.header('retry-after', String(retryAfter));
                throw err;
              }),
          },
          request,
          userId,
        ).finally(release);
        request.log.info({ userId, verificationId, status: 'CREATED' }, 'kyc submitted');
        const answer = { status: 'CREATED' as const, rejectReason: null };
        if (opts.validateResponses) apiRoutes.kycSubmit.response.parse(answer);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
      },
    });
  });

  registerRoute(app, apiRoutes.kycStatus, ({ request }) => repo.status(signedIn(request.user).userId), opts);

  registerRoute(app, apiRoutes.adminKycList, ({ query }) => repo.list(query.page, query.perPage, query.status), opts);
  registerRoute(app, apiRoutes.adminKycGet, ({ params }) => repo.review(params.verificationId), opts);
  // The state change of opening a verification (CREATED → PROCESS) is its own POST: a GET never changes anything.
  registerRoute(
    app,
    apiRoutes.adminKycTake,
    async ({ body, request }) => {
      const adminId = signedIn(request.user).userId;
      await repo.take(body.verificationId, adminId);
      const verification = await repo.review(body.verificationId);
      request.log.info({ accountId: adminId, verificationId: body.verificationId, status: verification.status }, 'kyc taken for review');
      return verification;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.adminKycDocument,
    async ({ params, request, reply }) => {
      const adminId = signedIn(request.user).userId;
      const doc = await repo.document(params.verificationId, params.kind, adminId);
      request.log.info({ accountId: adminId, verificationId: params.verificationId, kind: params.kind }, 'kyc document viewed');
      // streamed from the database a chunk at a time (storage.ts)
      return reply
        .type('image/jpeg')
        .header('content-length', String(doc.bytes))
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(store.read(doc));
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
        await retentionPass(repo, config.kyc.retentionDays, t, app.log);
      }
    },
    intervalMs: sandboxDecisions ? Math.max(20, Math.min(Math.floor(config.kyc.sandboxDecisionDelayMs / 2) || 20, 1000)) : RETENTION_EVERY_MS,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    // One-offs of issue 24 (idempotent, any replica): seal personal data written before 0020, and import the documents
    // this replica still has as files of the former KYC_STORAGE_DIR.
    // Never a reason not to start: what fails here is tried again at the next start.
    try {
      const sealed = await sealPlainPersonalData(deps.db.db, box);
      if (sealed) app.log.info({ sealed }, 'kyc personal data of earlier verifications sealed');
      await store.importFiles(config.kyc.storageDir, app.log);
    } catch (err) {
      app.log.warn({ err }, 'kyc start-up sealing or import failed; retried at the next start');
    }
    job.start();
  });
  app.addHook('onClose', () => job.stop());
}
