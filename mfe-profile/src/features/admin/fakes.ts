// Test fakes of the admin KYC routes, shared by the store's tests and the page's.
import { ApiError, type VerificationStatus } from 'shared-contracts';
import { ago, HOUR } from '../../test/fixtures';
import type { AdminKycItem, AdminKycVerification } from './AdminVerificationsStore';

const adminKycItem = (verificationId: string, status: VerificationStatus, createdAt = ago(HOUR), o: Partial<AdminKycItem> = {}): AdminKycItem => ({
  verificationId,
  userId: 7,
  email: `${verificationId}@example.com`,
  status,
  identityType: 'idcard',
  residenceCountry: 'DE',
  createdAt,
  decidedAt: null,
  ...o,
});

export function fakeAdminKycApi(
  initial: AdminKycItem[] = [adminKycItem('v2', 'PROCESS', ago(HOUR)), adminKycItem('v1', 'CREATED', ago(2 * HOUR)), adminKycItem('v0', 'PASS', ago(3 * HOUR))],
) {
  let items = [...initial];
  const decided: Record<string, { decision: 'PASS' | 'REJECT'; reason: string | null }> = {};
  const detail = (id: string): AdminKycVerification => {
    const base = items.find((v) => v.verificationId === id);
    if (!base) throw ApiError.of('ERR_NOT_FOUND', 'Verification not found');
    const d = decided[id];
    return {
      ...base,
      rejectReason: d?.reason ?? null,
      firstName: 'Anna',
      lastName: 'Schmidt',
      issueCountry: 'DE',
      birthDate: '1990-04-01',
      identityNumber: 'L01X00T47',
      expireDate: '2031-05-01',
      decidedBy: d ? 1 : null,
      documents: (['back', 'face', 'front'] as const).map((kind) => ({ kind, bytes: 1000, createdAt: base.createdAt, deleted: false })),
      audit: [
        { actor: 'USER:7', action: 'SUBMIT', reason: null, createdAt: base.createdAt },
        ...(d ? [{ actor: 'ADMIN:1', action: d.decision, reason: d.reason, createdAt: ago(0) }] : []),
      ],
    };
  };
  return {
    adminKycList: jest.fn(async () => ({ items, total: items.length, page: 1, perPage: 100 })),
    adminKycGet: jest.fn(async ({ params }: { params: { verificationId: string } }) => detail(params.verificationId)),
    adminKycTake: jest.fn(async ({ body }: { body: { verificationId: string } }) => detail(body.verificationId)),
    adminKycDecide: jest.fn(async ({ body }: { body: { verificationId: string; decision: 'PASS' | 'REJECT'; rejectReason?: string } }) => {
      const reason = body.rejectReason ?? null;
      decided[body.verificationId] = { decision: body.decision, reason };
      items = items.map((v) => (v.verificationId === body.verificationId ? { ...v, status: body.decision, decidedAt: ago(0) } : v));
      return { status: body.decision, rejectReason: reason };
    }),
  };
}
