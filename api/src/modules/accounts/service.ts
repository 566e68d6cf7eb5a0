// Accounts (§3 account data and auth form, §4 authorisation, §7 account calls, §8 codes): registration,
// sign-in, session refresh and logout, password reset by mailed code, email confirmation by mailed code (§2, §4 ckm A).
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from 'shared-contracts/server';
import type { ModuleConfig } from '../../config';
import { codeMessage, pickLocale } from '../../adapters/mail';
import type { MailMessage } from '../../adapters/mail/types';
import type { Outbox } from '../../outbox';
import { registrationAttemptMessage, securityNoticeMessage, type SecurityEvent } from '../../adapters/mail/templates';
import { ACCESS_COOKIE, clearSessionCookies, REFRESH_COOKIE, setSessionCookies, VISITOR_COOKIE } from './cookies';
import type { PasswordHasher } from './passwords';
import { passwordProblem } from './passwords';
import type { AttemptLimiter } from '../../limits';
import { createSessionStore, type SessionStore } from './sessions';
import { randomToken, type TokenService } from './tokens';
import { unauthorized, type AuthUser } from './authenticate';
import { requireStepUp, stepUpUntil } from './guards';
import { invalidTwoFactorCode, twoFactorRequired, type TwoFactor } from './twoFactor';
import type { Query } from '../../db/query';
import { suspendApiKeysAndWebhooksOf } from '../keys';
import {
  createEmailConfirmationRepo,
  createResetCodeRepo,
  normalizeEmail,
  type EmailConfirmationRepo,
  type Locale,
  type ResetCodeRepo,
  type UserRecord,
  type UserRepo,
} from './repo';

/** Wrong codes a reset code survives before it is dead. */
const RESET_CODE_MAX_ATTEMPTS = 5;
const RESET_CODE_DIGITS = 8;
/** Email confirmation codes: as many digits and wrong attempts as reset codes, valid 15 minutes. */
const EMAIL_CONFIRMATION_CODE_TTL_SECONDS = 15 * 60;

export interface UsersServiceDeps {
  config: ModuleConfig<'accounts'>;
  users: UserRepo;
  codes: ResetCodeRepo;
  confirmations: EmailConfirmationRepo;
  sessions: SessionStore;
  tokens: TokenService;
  hasher: PasswordHasher;
  limiter: AttemptLimiter;
  /** Mails are queued in the transaction of the change that causes them (issue 14, api/src/outbox). */
  outbox: Outbox;
  /** Two-factor authentication (issue 24). */
  twoFactor: TwoFactor;
  now: () => number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

type Http = { request: FastifyRequest; reply: FastifyReply };

const invalidCredentials = () => ApiError.of('ERR_INVALID_CREDENTIALS', 'Email or password is incorrect');
const invalidResetCode = () => ApiError.of('ERR_INVALID_PASSWORD_RESET_CODE', 'The reset code is wrong or has expired; request a new one');
const invalidConfirmationCode = () => {
  const message = 'The confirmation code is wrong or has expired; request a new one';
  return ApiError.of('ERR_VALIDATION', message, { fields: { code: message } });
};
const weakPassword = (problem: string) => ApiError.of('ERR_VALIDATION', problem, { fields: { password: problem } });

export function createUsersService(d: UsersServiceDeps) {
  const origins = d.config.auth.publicOrigins;
  const nowDate = () => new Date(d.now());
  // Unknown emails are checked against this hash, so they cost the same time as known ones.
  const dummyHash = d.hasher.hash(randomToken());

  async function startSession({ request, reply }: Http, user: Pick<UserRecord, 'userId'>, fingerprint: string): Promise<void> {
    const now = nowDate();
    const visitorId = fingerprint || request.cookies[VISITOR_COOKIE] || randomToken();
    const session = await d.sessions.open(user.userId, visitorId, now);
    const accessToken = await d.tokens.signAccess({ userId: user.userId, sessionId: session.sessionId }, now.getTime());
    const maxAgeSeconds = Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000);
    setSessionCookies(request, reply, { accessToken, refreshToken: session.refreshToken, visitorId, maxAgeSeconds }, origins);
  }

  const newCode = () => String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');

  /** The account of the request's session, if it has a live one (for 'none' routes, which the auth hook does not resolve). */
  async function signedInAccountOf(request: FastifyRequest, now: Date): Promise<UserRecord | null> {
    const token = request.cookies?.[ACCESS_COOKIE];
    if (!token) return null;
    const verdict = await d.tokens.verifyAccess(token, now.getTime());
    // An expired access token: the client refreshes and retries (the code is not spent yet).
    if (!verdict.ok) {
      if (verdict.reason === 'TOKEN_EXPIRED') throw unauthorized('TOKEN_EXPIRED');
      return null;
    }
    return d.users.findBySession(verdict.claims.sessionId, verdict.claims.userId, now);
  }

  /** Issue 24: an account with 2FA needs a valid, unused authenticator or recovery code (after its password passed). */
  async function secondFactor(user: UserRecord, code: string | undefined): Promise<void> {
    if (!user.twoFactorEnabled) return;
    if (!code?.trim()) throw twoFactorRequired();
    if (!(await d.twoFactor.verify(user.userId, code, nowDate()))) throw invalidTwoFactorCode();
  }

  /**
   * Queues the mail in its own transaction (or the caller's, with `tx`); the outbox delivers it. Remote SMTP is never
   * awaited, so the answer's time tells nothing (and a slow server does not stall it).
   */
  const mail = (tx: Parameters<Outbox['enqueue']>[0], message: MailMessage, cause: string) =>
    d.outbox.enqueue(tx, { topic: 'mail', payload: message, dedupeKey: `mail:${message.kind}:${cause}:${randomUUID()}` });
  /** Issue 24: tells the owner what changed in the account's security, in the account's language. */
  const securityNotice = async (email: string, event: SecurityEvent) => {
    const owner = await d.users.findByEmail(normalizeEmail(email));
    if (owner) await d.outbox.transaction((tx) => mail(tx, securityNoticeMessage(owner.email, owner.locale, event), `${owner.userId}:${event}`));
  };

  return {
    dummyHash,

    async register(http: Http, body: { email: string; password: string; browserFingerprint: string; referrerAffiliateId?: string; locale?: Locale }) {
      await d.limiter.registration(http.request.ip);
      const email = normalizeEmail(body.email);
      const problem = passwordProblem(body.password, email);
      if (problem) throw weakPassword(problem);
      // The answer must not tell whether the email has an account (issue 7): an existing one gets the same
      // answer after the same hashing, and its owner a notice by mail; ERR_USER_ALREADY_REGISTERED is never sent.
      const created = await d.users.insert({
        email,
        passwordHash: await d.hasher.hash(body.password),
        locale: pickLocale(body.locale, http.request.headers['accept-language']),
        browserFingerprint: body.browserFingerprint || undefined,
        referrerAffiliateId: body.referrerAffiliateId || undefined,
      });
      if (!created) {
        const owner = await d.users.findByEmail(email);
        if (owner && (await d.limiter.registrationNotice(email))) {
          await d.outbox.transaction((tx) => mail(tx, registrationAttemptMessage(owner.email, owner.locale), String(owner.userId)));
        }
      }
      return { ok: true as const };
    },

    async login(http: Http, body: { email: string; password: string; browserFingerprint: string; twoFactorCode?: string }) {
      const email = normalizeEmail(body.email);
      // Limits first: a throttled attempt costs no hashing.
      await d.limiter.attempt('login', email, http.request.ip);
      const user = await d.users.findByEmail(email);
      const ok = user ? await d.hasher.verify(user.passwordHash, body.password) : (await d.hasher.verify(await dummyHash, body.password), false);
      if (!user || !ok) throw invalidCredentials();
      // Issue 24: the second factor. Until it passes the attempt stays counted (codes are guessed under the same limits).
      await secondFactor(user, body.twoFactorCode);
      await d.limiter.succeeded('login', email, http.request.ip);
      if (d.hasher.needsRehash(user.passwordHash)) {
        await d.users.setPasswordHash(user.userId, await d.hasher.hash(body.password));
      }
      await startSession(http, user, body.browserFingerprint);
      return { ok: true as const };
    },

    /**
     * Step-up (issue 24): the password (and the two-factor code when enabled) proven again on the current session, so
     * withdrawals and key creation (guards.ts requireStepUp) are allowed for STEP_UP_WINDOW_SECONDS. Limited like sign-in.
     */
    async stepUp({ request }: Http, signedIn: AuthUser, body: { password: string; twoFactorCode?: string }) {
      const email = normalizeEmail(signedIn.email);
      await d.limiter.attempt('login', email, request.ip);
      const user = await d.users.findById(signedIn.userId);
      if (!user || !(await d.hasher.verify(user.passwordHash, body.password))) {
        throw ApiError.of('ERR_INVALID_CREDENTIALS', 'The password is incorrect', { fields: { password: 'The password is incorrect' } });
      }
      await secondFactor(user, body.twoFactorCode);
      await d.limiter.succeeded('login', email, request.ip);
      const now = nowDate();
      if (!(await d.sessions.steppedUp(signedIn.sessionId, now))) throw unauthorized('SESSION_ENDED');
      return { stepUpUntil: stepUpUntil({ authenticatedAt: now }).toISOString() };
    },

    /** Starts 2FA enrolment (needs a recent sign-in: whoever holds a stolen session must not bind their own app). */
    async twoFactorSetup(signedIn: AuthUser) {
      requireStepUp(signedIn, d.now());
      return d.twoFactor.setup(signedIn.userId, signedIn.email);
    },

    async twoFactorEnable({ request }: Http, signedIn: AuthUser, body: { code: string }) {
      // Code guesses count as sign-in attempts of the account.
      await d.limiter.attempt('login', normalizeEmail(signedIn.email), request.ip);
      const enabled = await d.twoFactor.enable(signedIn.userId, body.code, nowDate());
      await securityNotice(signedIn.email, 'two_factor_on');
      return enabled;
    },

    async twoFactorDisable({ request }: Http, signedIn: AuthUser, body: { code: string }) {
      const email = normalizeEmail(signedIn.email);
      await d.limiter.attempt('login', email, request.ip);
      if (!signedIn.twoFactorEnabled) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Two-factor authentication is not on');
      if (!(await d.twoFactor.verify(signedIn.userId, body.code, nowDate()))) throw invalidTwoFactorCode();
      await d.limiter.succeeded('login', email, request.ip);
      await d.twoFactor.disable(signedIn.userId);
      d.log.warn({ userId: signedIn.userId }, 'two-factor authentication turned off');
      await securityNotice(signedIn.email, 'two_factor_off');
      return {};
    },

    async refresh({ request, reply }: Http, body: { browserFingerprint: string }) {
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) throw unauthorized('NO_SESSION');
      const now = nowDate();
      const rotated = await d.sessions.rotate(token, now);
      if (!rotated.ok) {
        if (rotated.reason === 'REUSED') d.log.warn({ reason: rotated.reason }, 'refresh token reused: session family revoked');
        clearSessionCookies(request, reply, origins);
        throw unauthorized('SESSION_ENDED');
      }
      const accessToken = await d.tokens.signAccess({ userId: rotated.userId, sessionId: rotated.sessionId }, now.getTime());
      const visitorId = body.browserFingerprint || request.cookies[VISITOR_COOKIE] || randomToken();
      const maxAgeSeconds = Math.floor((rotated.expiresAt.getTime() - now.getTime()) / 1000);
      setSessionCookies(request, reply, { accessToken, refreshToken: rotated.refreshToken, visitorId, maxAgeSeconds }, origins);
      return { ok: true as const };
    },

    async logout({ request, reply }: Http) {
      const now = nowDate();
      const token = request.cookies[REFRESH_COOKIE];
      const fromRefresh = token ? await d.sessions.sessionOf(token) : null;
      for (const sessionId of new Set([fromRefresh, request.user?.sessionId])) {
        if (sessionId) await d.sessions.revoke(sessionId, 'logout', now);
      }
      clearSessionCookies(request, reply, origins);
      return { ok: true as const };
    },

    /** Always the same answer, whether or not the email has an account. */
    async requestPasswordReset({ request }: Http, body: { email: string; locale?: Locale }) {
      const email = normalizeEmail(body.email);
      await d.limiter.attempt('reset', email, request.ip);
      const user = await d.users.findByEmail(email);
      if (!user) return { ok: true as const };
      const code = newCode();
      const now = nowDate();
      const ttl = d.config.auth.passwordResetCodeTtlSeconds;
      const locale = pickLocale(body.locale, request.headers['accept-language'], user.locale);
      // The code and its mail commit together. A remote SMTP round trip would tell who has an account by the
      // answer's time: the outbox does not wait on it.
      await d.outbox.transaction(async (tx) => {
        await createResetCodeRepo(tx.query.bind(tx)).issue(user.userId, d.tokens.codeHash(code), now, new Date(now.getTime() + ttl * 1000));
        await mail(tx, codeMessage('password_reset', user.email, locale, code, Math.round(ttl / 60)), String(user.userId));
      });
      return { ok: true as const };
    },

    async resetPassword({ request, reply }: Http, body: { email: string; password: string; resetCode: string }) {
      const email = normalizeEmail(body.email);
      await d.limiter.attempt('reset', email, request.ip);
      const now = nowDate();
      // Checked before an attempt is counted, so a weak password costs the user neither the code nor an attempt.
      const problem = passwordProblem(body.password, email);
      if (problem) throw weakPassword(problem);
      const user = await d.users.findByEmail(email);
      // The attempt is counted before the code is compared (atomic: parallel guesses cannot exceed the cap).
      const code = user ? await d.codes.claimAttempt(user.userId, now, RESET_CODE_MAX_ATTEMPTS) : null;
      if (!user || !code) throw invalidResetCode();
      if (!d.tokens.codeHashEquals(code.codeHash, d.tokens.codeHash(body.resetCode.trim()))) throw invalidResetCode();
      if (!(await d.codes.consume(code.id, now))) throw invalidResetCode();
      const passwordHash = await d.hasher.hash(body.password);
      // Issue 24: everything whoever knew the old password (or pre-registered the address) set up ends with it, at once.
      const ended = await d.outbox.transaction(async (tx) => {
        const tq: Query = (sql, params) => tx.query(sql, params);
        await tq(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [user.userId, passwordHash]);
        // Every session: refresh tokens are refused and access tokens too (their session is checked on each request).
        await createSessionStore(tq, 0).revokeAll(user.userId, 'password reset', now);
        // Every API key and webhook waits for the owner to resume it after signing in.
        const suspended = await suspendApiKeysAndWebhooksOf(tq, user.userId);
        // An unconfirmed address: the referral relation was made by whoever registered it, so it goes; the mailed
        // reset code has now proven the mailbox, so the address is confirmed.
        const dropped = await tq(
          `UPDATE users SET referrer_affiliate_id = NULL, email_confirmed_at = $2, updated_at = now()
           WHERE id = $1 AND email_confirmed_at IS NULL RETURNING id`,
          [user.userId, now],
        );
        await mail(tx, securityNoticeMessage(user.email, user.locale, 'password_reset'), `${user.userId}:password_reset`);
        return { ...suspended, referralDropped: dropped.length === 1 };
      });
      d.log.warn({ userId: user.userId, ...ended }, 'password reset: sessions ended, API keys and webhooks suspended');
      await d.limiter.succeeded('reset', email, request.ip);
      // Guesses of the old password no longer slow the owner's sign-in down.
      await d.limiter.forgetAccount('login', email);
      clearSessionCookies(request, reply, origins);
      return { ok: true as const };
    },

    /** Mails a code to any address (account or not), so the answer is always the same (no enumeration). */
    async requestEmailConfirmation({ request }: Http, body: { email: string; locale?: Locale }) {
      const email = normalizeEmail(body.email);
      await d.limiter.attempt('confirmEmail', email, request.ip);
      const code = newCode();
      const now = nowDate();
      const ttl = EMAIL_CONFIRMATION_CODE_TTL_SECONDS;
      const locale = pickLocale(body.locale, request.headers['accept-language']);
      await d.outbox.transaction(async (tx) => {
        await createEmailConfirmationRepo(tx.query.bind(tx)).issue(email, d.tokens.codeHash(code), now, new Date(now.getTime() + ttl * 1000));
        await mail(tx, codeMessage('email_confirmation', email, locale, code, Math.round(ttl / 60)), 'address');
      });
      return { ok: true as const };
    },

    async confirmEmail({ request }: Http, body: { email: string; code: string }) {
      const email = normalizeEmail(body.email);
      const now = nowDate();
      // Issue 24: a confirmation confirms the account of the address only when made in that account's session. Made
      // signed out (a guest's order email, or the owner of a mailbox someone else registered), it confirms the address
      // alone: a squatter's account must not become a confirmed one because the mailbox owner confirmed their order.
      const owner = await signedInAccountOf(request, now);
      await d.limiter.attempt('confirmEmail', email, request.ip);
      // The attempt is counted before the code is compared (atomic: parallel guesses cannot exceed the cap).
      const pending = await d.confirmations.claimAttempt(email, now, RESET_CODE_MAX_ATTEMPTS);
      if (!pending) throw invalidConfirmationCode();
      if (!d.tokens.codeHashEquals(pending.codeHash, d.tokens.codeHash(body.code.trim()))) throw invalidConfirmationCode();
      const accountUserId = owner && normalizeEmail(owner.email) === email ? owner.userId : null;
      if (!(await d.confirmations.confirm(pending.id, now, accountUserId))) throw invalidConfirmationCode();
      await d.limiter.succeeded('confirmEmail', email, request.ip);
      return { ok: true as const };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
