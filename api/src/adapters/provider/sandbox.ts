// SANDBOX card provider (DESIGN "sandbox adapters"; issue 12): a stand-in for the payment and identity provider of §7.
// No money moves and no one outside this api is called. Its records live in this database (migration
// 0012_card_provider.sql): provider accounts, bearer tokens and KYC access tokens (stored as SHA-256 hashes only) and card
// payments. How it behaves:
// - Sign-up registers the site account's email; signing up again is not an error (§4 tolerates "already registered").
// - Email: the sandbox relies on the site's own email confirmation (emailConfirmation 'site': the module mails the
//   site's confirmation code, which lands in the sandbox outbox, and POST /api/v1/users/email/confirm confirms it).
//   emailStatus is CONFIRMED once the address is confirmed there.
// - KYC: the one feature IDENTITY_VERIFICATION is COMPLETED when the account's own identity verification (kyc module,
//   the verifications table) is PASS, or when the sandbox KYC page decided PASS for the applicant (decideKyc, reached
//   with the KYC access token: the page is /api/v1/sandbox/liquidity-providers/sandbox/kyc#<token>); REJECTED when the sandbox decided REJECT (or the verification was rejected); PENDING
//   while a verification is reviewed.
// - Payments: one per order; the sandbox payment page takes a test card (SANDBOX_TEST_CARDS): PAID or DECLINED, and the
//   payment-settled listeners (the orders module) hear of it in this process before the page gets its answer.
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from 'shared-contracts/server';
import type { DbHandle } from '../../db/client';
import type {
  CardPayment,
  CardPaymentInput,
  PaymentSettledListener,
  ProviderAdapter,
  ProviderEmailStatus,
  ProviderFeatureStatus,
  ProviderPaymentStatus,
  ProviderSession,
} from './types';

export const SANDBOX_PROVIDER = 'sandbox';
const SANDBOX_KYC_FEATURE = 'IDENTITY_VERIFICATION';
/** The sandbox payment page of a payment (served by the sandbox routes; Order.redirectUrl). */
const SANDBOX_PAYMENT_PATH = '/api/v1/sandbox/liquidity-providers/sandbox/payments';
/** The sandbox KYC page (served by the sandbox routes); the KYC access token follows in the fragment. */
const SANDBOX_KYC_PAGE = '/api/v1/sandbox/liquidity-providers/sandbox/kyc';

/** Test card numbers: the first succeeds, the others are declined with their reason. Any other number is declined. */
const SANDBOX_TEST_CARDS: Readonly<Record<string, { status: 'PAID' | 'DECLINED'; reason: string | null }>> = {
  '4242424242424242': { status: 'PAID', reason: null },
  '4000000000000002': { status: 'DECLINED', reason: 'The card was declined by its issuer (sandbox test card)' },
  '4000000000009995': { status: 'DECLINED', reason: 'Insufficient funds on the card (sandbox test card)' },
};
const UNKNOWN_CARD_REASON = 'Not a sandbox test card; use 4242 4242 4242 4242';

const TOKEN_TTL_MS = 60 * 60 * 1000;
const KYC_TOKEN_TTL_MS = 30 * 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;

interface SandboxProviderDeps {
  db: DbHandle;
  now?: () => Date;
}

export interface SandboxProvider extends ProviderAdapter {
  /** SANDBOX ONLY: the sandbox KYC page's decision for the applicant of a live KYC access token; null for an unknown or expired token. */
  decideKyc(kycAccessToken: string, decision: 'PASS' | 'REJECT'): Promise<{ applicantId: string } | null>;
  /** SANDBOX ONLY: the sandbox payment page pays a pending payment with a test card number; settled → the listeners hear of it. */
  pay(paymentId: string, cardNumber: string): Promise<CardPayment | null>;
}

interface PaymentRow {
  id: string;
  status: ProviderPaymentStatus;
  reason: string | null;
}

const paymentOf = (r: PaymentRow): CardPayment => ({
  paymentId: r.id,
  redirectUrl: `${SANDBOX_PAYMENT_PATH}/${r.id}`,
  status: r.status,
  reason: r.reason,
});

export function createSandboxProvider(deps: SandboxProviderDeps): SandboxProvider {
  const now = deps.now ?? (() => new Date());
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => deps.db.withSession((s) => s.query<T>(sql, params));
  const name = SANDBOX_PROVIDER;

  const listeners: PaymentSettledListener[] = [];

  /** The one feature's status from the sandbox decision and the account's own identity verification (see above). */
  async function featureStatus(userId: number, decision: 'PASS' | 'REJECT' | null): Promise<ProviderFeatureStatus> {
    const [verification] = await q<{ status: string }>(`SELECT status FROM verifications WHERE user_id = $1 AND is_current`, [userId]);
    const site = verification?.status;
    if (site === 'PASS' || decision === 'PASS') return 'COMPLETED';
    if (decision === 'REJECT' || site === 'REJECT') return 'REJECTED';
    if (site === 'CREATED' || site === 'PROCESS') return 'PENDING';
    return 'NOT_STARTED';
  }

  async function account(session: ProviderSession) {
    const [row] = await q<{ email: string; applicant_id: string; kyc_decision: 'PASS' | 'REJECT' | null }>(
      `SELECT email, applicant_id, kyc_decision FROM provider_accounts WHERE id = $1 AND user_id = $2`,
      [session.accountId, session.userId],
    );
    if (!row) throw ApiError.of('ERR_NOT_FOUND', 'Not registered with this provider; sign up first');
    return row;
  }

  async function contacts(session: ProviderSession): Promise<{ emailStatus: ProviderEmailStatus }> {
    const [row] = await q<{ confirmed: boolean }>(
      `SELECT (u.email_confirmed_at IS NOT NULL AND u.email = a.email)
              OR EXISTS (SELECT 1 FROM email_confirmations c WHERE c.email = a.email AND c.confirmed_at IS NOT NULL) AS confirmed
       FROM provider_accounts a JOIN users u ON u.id = a.user_id WHERE a.id = $1 AND a.user_id = $2`,
      [session.accountId, session.userId],
    );
    if (!row) throw ApiError.of('ERR_NOT_FOUND', 'Not registered with this provider; sign up first');
    return { emailStatus: row.confirmed ? 'CONFIRMED' : 'UNCONFIRMED' };
  }

  async function paymentStatus(paymentId: string): Promise<CardPayment | null> {
    const [row] = await q<PaymentRow>(`SELECT id, status, reason FROM provider_payments WHERE provider = $1 AND id = $2`, [name, paymentId]);
    return row ? paymentOf(row) : null;
  }

  return {
    name,
    sandbox: true,

    async signUp(userId, email) {
      const inserted = await q(
        `INSERT INTO provider_accounts (provider, user_id, email, applicant_id, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (provider, user_id) DO NOTHING RETURNING id`,
        [name, userId, email, `sbx_applicant_${randomBytes(12).toString('hex')}`, now()],
      );
      if (inserted.length === 0) await q(`UPDATE provider_accounts SET email = $3 WHERE provider = $1 AND user_id = $2`, [name, userId, email]);
      const confirmed = await contacts({ userId, accountId: await accountIdOf(userId) });
      return { alreadyRegistered: inserted.length === 0, emailConfirmation: confirmed.emailStatus === 'CONFIRMED' ? 'done' : 'site' };
    },

    async signIn(userId, email) {
      const [row] = await q<{ id: number | string }>(`SELECT id FROM provider_accounts WHERE provider = $1 AND user_id = $2 AND email = $3`, [
        name,
        userId,
        email,
      ]);
      if (!row) throw ApiError.of('ERR_NOT_FOUND', 'Not registered with this provider; sign up first');
      const token = newToken('sbxp');
      const t = now();
      await q(`DELETE FROM provider_tokens WHERE account_id = $1 AND expires_at <= $2`, [row.id, t]);
      await q(`INSERT INTO provider_tokens (token_hash, account_id, expires_at, created_at) VALUES ($1, $2, $3, $4)`, [
        hash(token),
        row.id,
        new Date(t.getTime() + TOKEN_TTL_MS),
        t,
      ]);
      return { token };
    },

    async session(userId, token) {
      const [row] = await q<{ id: number | string }>(
        `SELECT a.id FROM provider_tokens t JOIN provider_accounts a ON a.id = t.account_id
         WHERE t.token_hash = $1 AND t.expires_at > $2 AND a.user_id = $3 AND a.provider = $4`,
        [hash(token), now(), userId, name],
      );
      return row ? { userId, accountId: String(row.id) } : null;
    },

    contacts,

    async kycStatus(session) {
      const acc = await account(session);
      return { features: [{ feature: SANDBOX_KYC_FEATURE, status: await featureStatus(session.userId, acc.kyc_decision) }] };
    },

    async kycComplete(userId) {
      const [acc] = await q<{ kyc_decision: 'PASS' | 'REJECT' | null }>(`SELECT kyc_decision FROM provider_accounts WHERE provider = $1 AND user_id = $2`, [
        name,
        userId,
      ]);
      return (await featureStatus(userId, acc?.kyc_decision ?? null)) === 'COMPLETED';
    },

    async kycAccessToken(session) {
      const acc = await account(session);
      const token = newToken('sbxk');
      await q(`UPDATE provider_accounts SET kyc_token_hash = $3, kyc_token_expires_at = $4 WHERE id = $1 AND user_id = $2`, [
        session.accountId,
        session.userId,
        hash(token),
        new Date(now().getTime() + KYC_TOKEN_TTL_MS),
      ]);
      // The token rides in the fragment: it never reaches a server log or a Referer.
      return { kycAccessToken: token, applicantId: acc.applicant_id, kycUrl: `${SANDBOX_KYC_PAGE}#${encodeURIComponent(token)}` };
    },

    async decideKyc(kycAccessToken, decision) {
      const t = now();
      const [row] = await q<{ applicant_id: string }>(
        `UPDATE provider_accounts SET kyc_decision = $2, kyc_decided_at = $3
         WHERE provider = $4 AND kyc_token_hash = $1 AND kyc_token_expires_at > $3 RETURNING applicant_id`,
        [hash(kycAccessToken), decision, t, name],
      );
      return row ? { applicantId: row.applicant_id } : null;
    },

    async createPayment(input: CardPaymentInput) {
      const t = now();
      await q(
        `INSERT INTO provider_payments (id, provider, order_id, user_id, amount, currency, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (provider, order_id) DO NOTHING`,
        [`sbx_pay_${randomBytes(12).toString('hex')}`, name, input.orderId, input.userId, input.amount, input.currency, t],
      );
      const [row] = await q<PaymentRow>(`SELECT id, status, reason FROM provider_payments WHERE provider = $1 AND order_id = $2`, [name, input.orderId]);
      return paymentOf(row);
    },

    paymentStatus,

    async cancelPayment(paymentId, reason) {
      await q(`UPDATE provider_payments SET status = 'DECLINED', reason = $3, updated_at = $4 WHERE provider = $1 AND id = $2 AND status = 'PENDING'`, [
        name,
        paymentId,
        reason,
        now(),
      ]);
      return paymentStatus(paymentId);
    },

    onPaymentSettled(listener) {
      listeners.push(listener);
    },

    async pay(paymentId, cardNumber) {
      const outcome = SANDBOX_TEST_CARDS[cardNumber.replace(/[\s-]/g, '')] ?? { status: 'DECLINED' as const, reason: UNKNOWN_CARD_REASON };
      const settled = await q<PaymentRow & { order_id: string }>(
        `UPDATE provider_payments SET status = $3, reason = $4, updated_at = $5 WHERE provider = $1 AND id = $2 AND status = 'PENDING'
         RETURNING id, status, reason, order_id`,
        [name, paymentId, outcome.status, outcome.reason, now()],
      );
      // Only the call that settled it notifies (a settled payment stays as it is); the page answers once the order moved.
      if (settled[0]) await Promise.allSettled(listeners.map((l) => l(settled[0].order_id, paymentOf(settled[0]))));
      return paymentStatus(paymentId);
    },
  };

  async function accountIdOf(userId: number): Promise<string> {
    const [row] = await q<{ id: number | string }>(`SELECT id FROM provider_accounts WHERE provider = $1 AND user_id = $2`, [name, userId]);
    return String(row.id);
  }
}
