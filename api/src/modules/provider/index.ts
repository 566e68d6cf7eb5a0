// The card provider module (§7 "Card provider", §4 card flow, §6; issue 12): the five calls under
// /api/v1/liquidity-providers/{provider}/… served through a provider adapter (adapters/provider/types.ts). The only
// provider so far is the SANDBOX one, known only with SANDBOX_MODE on; any other {provider} answers ERR_NOT_FOUND.
// Every call needs the site session (route table auth 'user') and works on the signed-in account only: sign-up and
// sign-in take the account's own email (§6), and contacts, kyc-status and kyc access-token also need the bearer token
// of sign-in (`Authorization: Bearer …`), which must be the same account's. A missing or foreign token answers 403
// ERR_FORBIDDEN (not 401, which would tell the client its site session ended). Logs carry account id and provider only:
// never emails, tokens or codes.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, apiRoutes, TIMEOUTS_MS, type RouteDef } from 'shared-contracts/server';
import { z } from 'zod';
import { createSandboxProvider, SANDBOX_PROVIDER, type SandboxProvider } from '../../adapters/provider/sandbox';
import type { ProviderAdapter, ProviderSession } from '../../adapters/provider/types';
import type { ModuleConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import type { InstrumentRecord } from '../instruments';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { type Accounts, type AuthUser, normalizeEmail, unauthorized } from '../accounts';

interface ProviderModuleDeps {
  db: DbHandle;
  /** Mails the site's email confirmation code when a provider relies on it (the sandbox does). */
  accounts?: Accounts;
  /** Default: the sandbox provider when SANDBOX_MODE is on, none otherwise. */
  providers?: ProviderAdapter[];
}

/**
 * The card provider a fiat instrument is bought through (§4 card flow), or null when card purchases are not available.
 * One provider serves every fiat instrument while only one is configured (the sandbox today); with several, the
 * instrument would have to name its provider, which the catalogue does not model yet.
 */
export function cardProviderFor(providers: ReadonlyMap<string, ProviderAdapter> | undefined, fiat: InstrumentRecord): ProviderAdapter | null {
  if (fiat.provider !== 'CARD' || providers?.size !== 1) return null;
  const [only] = providers.values();
  return only;
}

function signedIn(user: AuthUser | null): AuthUser {
  if (!user) throw unauthorized('NO_SESSION');
  return user;
}

const noProviderSession = () =>
  ApiError.of('ERR_FORBIDDEN', 'Sign in with the provider first (its bearer token in the Authorization header)', {
    details: { reason: 'PROVIDER_SIGN_IN_REQUIRED' },
  });

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+([\w.~+/=-]{16,512})$/i.exec(header.trim()) : null;
  return match ? match[1] : null;
}

/** §6: the provider account is the site account's; its email is the account's email. */
function ownEmail(user: AuthUser, email: string): string {
  if (normalizeEmail(email) !== normalizeEmail(user.email)) {
    throw ApiError.of('ERR_VALIDATION', 'Invalid body.email: must be the email of the signed-in account', { fields: { email: "Must be the account's email" } });
  }
  return normalizeEmail(user.email);
}

const mailLocale = (locale: string | undefined) => (locale === 'en' || locale === 'ru' ? locale : undefined);

/** SANDBOX ONLY routes (access 'sandbox': local callers or the operator token; registered only with SANDBOX_MODE). */
const SANDBOX_BASE = '/api/v1/sandbox/liquidity-providers/sandbox';
const KycDecisionSchema = z.enum(['PASS', 'REJECT']);

/** SANDBOX ONLY: the sandbox KYC page's pass and fail buttons (the page holds the KYC access token). */
const sandboxKycDecide = {
  method: 'POST',
  path: `${SANDBOX_BASE}/kyc/decide`,
  tag: 'sandbox',
  summary: 'Sandbox: pass or fail the KYC of the applicant of a KYC access token',
  auth: 'none',
  timeoutMs: TIMEOUTS_MS.default,
  body: z.object({ kycAccessToken: z.string().min(16).max(512), decision: KycDecisionSchema }),
  response: z.object({ applicantId: z.string(), decision: KycDecisionSchema }),
} satisfies RouteDef;

/** SANDBOX ONLY: the sandbox payment page pays with a test card (SANDBOX_TEST_CARDS). */
const sandboxPay = {
  method: 'POST',
  path: `${SANDBOX_BASE}/payments/:paymentId/pay`,
  tag: 'sandbox',
  summary: 'Sandbox: pay a card payment with a test card number',
  auth: 'none',
  timeoutMs: TIMEOUTS_MS.default,
  params: z.object({ paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  body: z.object({ cardNumber: z.string().regex(/^[0-9 -]{12,23}$/) }),
  response: z.object({ paymentId: z.string(), status: z.enum(['PENDING', 'PAID', 'DECLINED']), reason: z.string().nullable() }),
} satisfies RouteDef;

/** A tiny self-contained page: a banner saying it is the sandbox, its buttons, and a script posting JSON to a sandbox route. */
function sandboxPage(title: string, body: string, script: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:2rem auto">
<p style="background:#fd0;padding:.5rem"><strong>SANDBOX</strong> provider: nothing here is real, no money moves.</p>
<h1>${title}</h1>${body}<p id="result" role="status"></p>
<script>${script}</script></body></html>`;
}

const KYC_PAGE = sandboxPage(
  'Identity check',
  '<button type="button" id="pass">Pass KYC</button> <button type="button" id="reject">Fail KYC</button>',
  `const token = decodeURIComponent(location.hash.slice(1));
const decide = async (decision) => {
  const r = await fetch('${SANDBOX_BASE}/kyc/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kycAccessToken: token, decision }) });
  document.getElementById('result').textContent = r.ok ? (decision === 'PASS' ? 'KYC passed' : 'KYC failed') : 'Unknown or expired KYC link';
};
document.getElementById('pass').onclick = () => decide('PASS');
document.getElementById('reject').onclick = () => decide('REJECT');`,
);

const paymentPage = (paymentId: string) =>
  sandboxPage(
    'Card payment',
    `<p>Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.</p>
<label>Card number <input id="card" name="card" inputmode="numeric" autocomplete="off"></label> <button type="button" id="pay">Pay</button>`,
    `document.getElementById('pay').onclick = async () => {
  const r = await fetch('${SANDBOX_BASE}/payments/${paymentId}/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cardNumber: document.getElementById('card').value }) });
  const p = await r.json();
  document.getElementById('result').textContent = r.ok ? (p.status === 'PAID' ? 'Payment accepted' : 'Payment declined: ' + p.reason) : 'Unknown payment';
};`,
  );

/** The page's own CSP (issue 24; web keeps a policy the api sent): its one inline script by hash, nothing else runs. */
function sandboxPagePolicy(page: string): string {
  const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
  const hash = createHash('sha256').update(script).digest('base64');
  return `default-src 'self'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

const html = (reply: FastifyReply, page: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', sandboxPagePolicy(page))
    .send(page);

function registerSandboxProviderRoutes(app: FastifyInstance, sandbox: SandboxProvider, opts: RegisterOptions): void {
  const sandboxOpts = { ...opts, access: 'sandbox' as const };
  // The KYC access token travels in the fragment (#token), so it never reaches a server log or a Referer.
  app.get(`${SANDBOX_BASE}/kyc`, { config: { access: 'sandbox' } }, async (_request, reply) => html(reply, KYC_PAGE));
  app.get<{ Params: { paymentId: string } }>(`${SANDBOX_BASE}/payments/:paymentId`, { config: { access: 'sandbox' } }, async (request, reply) => {
    const payment = /^[A-Za-z0-9_-]{1,64}$/.test(request.params.paymentId) ? await sandbox.paymentStatus(request.params.paymentId) : null;
    if (!payment) throw ApiError.of('ERR_NOT_FOUND', 'Unknown payment');
    return html(reply, paymentPage(payment.paymentId));
  });
  registerRoute(
    app,
    sandboxKycDecide,
    async ({ body, request }) => {
      const decided = await sandbox.decideKyc(body.kycAccessToken, body.decision);
      if (!decided) throw ApiError.of('ERR_NOT_FOUND', 'Unknown or expired KYC access token');
      request.log.info({ provider: sandbox.name, decision: body.decision }, 'sandbox provider kyc decided');
      return { applicantId: decided.applicantId, decision: body.decision };
    },
    sandboxOpts,
  );
  registerRoute(
    app,
    sandboxPay,
    async ({ params, body, request }) => {
      const payment = await sandbox.pay(params.paymentId, body.cardNumber);
      if (!payment) throw ApiError.of('ERR_NOT_FOUND', 'Unknown payment');
      request.log.info({ provider: sandbox.name, paymentId: payment.paymentId, status: payment.status }, 'sandbox provider payment');
      return { paymentId: payment.paymentId, status: payment.status, reason: payment.reason };
    },
    sandboxOpts,
  );
}

export async function registerProviderModule(
  app: FastifyInstance,
  config: ModuleConfig<'provider'>,
  deps: ProviderModuleDeps,
  opts: RegisterOptions,
): Promise<{ providers: ReadonlyMap<string, ProviderAdapter> }> {
  const sandbox = config.sandboxMode ? createSandboxProvider({ db: deps.db }) : null;
  const providers = new Map<string, ProviderAdapter>((deps.providers ?? (sandbox ? [sandbox] : [])).map((p) => [p.name, p]));
  if (sandbox && providers.get(SANDBOX_PROVIDER) === sandbox) registerSandboxProviderRoutes(app, sandbox, opts);

  const providerOf = (name: string): ProviderAdapter => {
    const provider = providers.get(name);
    if (!provider) throw ApiError.of('ERR_NOT_FOUND', 'Unknown liquidity provider');
    return provider;
  };
  /** The account's provider session of the request's bearer token. */
  const sessionOf = async (provider: ProviderAdapter, user: AuthUser, request: FastifyRequest): Promise<ProviderSession> => {
    const token = bearerOf(request);
    const session = token ? await provider.session(user.userId, token) : null;
    if (!session) throw noProviderSession();
    return session;
  };

  registerRoute(
    app,
    apiRoutes.providerSignUp,
    async ({ params, query, body, request, reply }) => {
      const user = signedIn(request.user);
      const provider = providerOf(params.provider);
      if (!body.accept)
        throw ApiError.of('ERR_VALIDATION', "Invalid body.accept: the provider's terms must be accepted", { fields: { accept: 'Must be true' } });
      const email = ownEmail(user, body.email);
      const result = await provider.signUp(user.userId, email);
      if (result.emailConfirmation === 'site' && deps.accounts) {
        // The site's confirmation code (sandbox outbox without SMTP); POST /api/v1/users/email/confirm confirms it.
        await deps.accounts.service.requestEmailConfirmation({ request, reply }, { email, locale: mailLocale(query?.locale) });
      }
      request.log.info(
        { userId: user.userId, provider: provider.name, alreadyRegistered: result.alreadyRegistered, emailConfirmation: result.emailConfirmation },
        'provider sign-up',
      );
      return { ok: true as const };
    },
    opts,
  );

  registerRoute(
    app,
    apiRoutes.providerSignIn,
    async ({ params, body, request }) => {
      const user = signedIn(request.user);
      const provider = providerOf(params.provider);
      const answer = await provider.signIn(user.userId, ownEmail(user, body.email));
      request.log.info({ userId: user.userId, provider: provider.name }, 'provider sign-in');
      return answer;
    },
    opts,
  );

  registerRoute(
    app,
    apiRoutes.providerContacts,
    async ({ params, request }) => {
      const user = signedIn(request.user);
      const provider = providerOf(params.provider);
      return provider.contacts(await sessionOf(provider, user, request));
    },
    opts,
  );

  registerRoute(
    app,
    apiRoutes.providerKycStatus,
    async ({ params, request }) => {
      const user = signedIn(request.user);
      const provider = providerOf(params.provider);
      return provider.kycStatus(await sessionOf(provider, user, request));
    },
    opts,
  );

  registerRoute(
    app,
    apiRoutes.providerKycAccessToken,
    async ({ params, request }) => {
      const user = signedIn(request.user);
      const provider = providerOf(params.provider);
      const answer = await provider.kycAccessToken(await sessionOf(provider, user, request));
      request.log.info({ userId: user.userId, provider: provider.name }, 'provider kyc access token issued');
      return answer;
    },
    opts,
  );

  return { providers };
}
