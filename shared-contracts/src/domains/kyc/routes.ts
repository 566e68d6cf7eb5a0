// Identity verification (§7 KYC) and its admin review (ADMIN permission, §6; issue 12).
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const kycRoutes = defineRoutes({
  kycSubmit: {
    method: 'POST',
    path: '/api/v1/users/kyc/submit',
    tag: 'kyc',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.upload,
    // Issue 24: identity documents (also per account: KYC_SUBMITS_PER_HOUR, one in flight; api/src/limits/kyc.ts).
    rateLimit: { perAddress: 10 },
    bodyType: 'multipart',
    summary: 'Submit identity verification data: multipart/form-data with the text fields and the JPEG, PNG or WebP photos',
    schemas: ({ s }) => ({ body: s.KycSubmitFormSchema, response: s.VerificationStatusBodySchema }),
  },
  kycStatus: {
    method: 'GET',
    path: '/api/v1/users/kyc/status',
    tag: 'kyc',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Identity verification status',
    schemas: ({ s }) => ({ response: s.VerificationStatusBodySchema }),
  },
});

export const kycAdminRoutes = defineRoutes({
  adminKycList: {
    method: 'GET',
    path: '/api/v1/admin/kyc',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Identity verifications, pending (CREATED, PROCESS) first, paginated',
    schemas: ({ z, s }) => ({
      query: z.object({
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        perPage: z.coerce.number().int().min(1).max(100).default(20),
        status: s.VerificationStatusSchema.optional(),
      }),
      response: z.object({ items: z.array(s.KycAdminListItemSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
    }),
  },
  adminKycGet: {
    method: 'GET',
    path: '/api/v1/admin/kyc/:verificationId',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'An identity verification: its data, its documents and its audit log (a pure read: nothing changes)',
    schemas: ({ s }) => ({ params: s.KycVerificationParamsSchema, response: s.KycAdminVerificationSchema }),
  },
  adminKycTake: {
    method: 'POST',
    path: '/api/v1/admin/kyc/take',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 24: taking a verification for review (a state change, audit-logged).
    rateLimit: { perAddress: 60 },
    summary: 'Take a verification for review: a CREATED one moves to PROCESS (kept in the audit log); answers the verification',
    schemas: ({ s }) => ({ body: s.KycVerificationParamsSchema, response: s.KycAdminVerificationSchema }),
  },
  adminKycDocument: {
    method: 'GET',
    path: '/api/v1/admin/kyc/:verificationId/documents/:kind',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'A verification document (face, front or back): the re-encoded JPEG, never cached',
    schemas: ({ z, s }) => ({
      params: s.KycVerificationParamsSchema.extend({ kind: s.KycDocumentKindSchema }),
      // The JPEG itself (image/jpeg), not JSON.
      response: z.unknown().meta({ description: 'image/jpeg' }),
    }),
  },
  adminKycDecide: {
    method: 'POST',
    path: '/api/v1/admin/kyc/decide',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Pass or reject (with a reason) a pending identity verification; kept in the audit log',
    schemas: ({ z, s }) => ({
      body: z
        .object({
          verificationId: z.string().min(1).max(64),
          decision: z.enum(['PASS', 'REJECT']),
          rejectReason: z.string().trim().min(1).max(500).optional(),
        })
        .refine((b) => b.decision === 'PASS' || b.rejectReason !== undefined, { message: 'required to reject', path: ['rejectReason'] }),
      response: s.VerificationStatusBodySchema,
    }),
  },
});
