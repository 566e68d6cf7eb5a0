// The 4xx answers each operation of the OpenAPI document lists (openapi.ts): those every route of its kind gives
// (validation, body, session, CSRF, partner key, rate limit) and each route's own, as the api's modules throw them,
// with the §8 catalogue code, its HTTP status and when.
import { PARTNER_ERROR_MESSAGES as MSG, partnerNotFound, partnerTooManyRequests } from './domains/partner/messages';
import { ERROR_STATUS, type ErrorCode } from './errors';
import type { RouteDef, RouteName } from './routes';

type JsonSchema = Record<string, unknown>;

const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } };

/** What each catalogue code means to a client (the `code` field of an error body). */
const CODE_MEANINGS: Record<ErrorCode, string> = {
  ERR_UNAUTHORIZED: 'no valid credentials: no session, or it expired (details.reason), or a missing or unknown API key',
  ERR_NOT_ENOUGH_PERMISSIONS: 'the session’s account is not an administrator',
  ERR_UNPROCESSABLE_ENTITY: 'the request is well formed but the resource’s state does not allow it',
  ERR_INVALID_CREDENTIALS: 'the email or the password is wrong',
  ERR_USER_ALREADY_REGISTERED: 'never sent: registration answers the same whether or not the email has an account',
  ERR_FORBIDDEN: 'refused: see the message',
  ERR_BAD_REQUEST: 'the request cannot be read or conflicts with existing data: see the message',
  ERR_NO_LIQUIDITY_AVAILABLE: 'never sent: a pair that cannot be exchanged answers ERR_PAIR_NOT_ACTIVE',
  ERR_NOT_FOUND: 'nothing of that name or id',
  ERR_SERVICE_UNAVAILABLE: 'a dependency (e.g. market prices) is not available yet; retry later',
  ERR_NOT_ACCEPTABLE: 'the option is not available for this pair or caller (e.g. a fixed rate for a card purchase)',
  ERR_INTERNAL_SERVER_ERROR: 'an unexpected error',
  ERR_NETWORK_NOT_SUPPORTED: 'the currency’s network is not supported here',
  ERR_BALANCE_TOO_LOW: 'the amount exceeds the available balance (details.available)',
  ERR_BALANCE_NOT_FOUND: 'the account has no balance in that currency',
  ERR_WITHDRAWAL_TOO_SMALL: 'the amount is below the withdrawal minimum',
  ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL: 'the amount is below the pair’s minimum (details give the limit)',
  ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG: 'the amount is above the pair’s maximum (details give the limit)',
  ERR_VALIDATION: 'invalid input: `fields` names each invalid query parameter, path parameter, body field or header',
  ERR_INVALID_PASSWORD_RESET_CODE: 'the reset code is wrong or has expired',
  ERR_PRISMA_CLIENT_KNOWN_REQUEST: 'never sent: a conflict answers the specific code of its case',
  ERR_IM_A_TEAPOT: 'never sent (HTTP 418 is a joke status of RFC 2324)',
  ERR_NOT_FOUND_E: 'no order with that id (and destination address)',
  ERR_PAIR_NOT_ACTIVE: 'the pair is not active',
  ERR_TOO_MANY_REQUESTS: 'too many requests: wait the Retry-After seconds (details.retryAfterSeconds)',
  ERR_EMAIL_NOT_CONFIRMED: 'the account’s email is not confirmed yet: confirm it first',
  ERR_STEP_UP_REQUIRED: 'the call needs a sign-in within the last 15 minutes: call step-up with the password (and the two-factor code) and retry',
  ERR_TWO_FACTOR_REQUIRED: 'the account has two-factor authentication: send twoFactorCode (an authenticator code or a recovery code)',
  ERR_INVALID_TWO_FACTOR_CODE: 'the two-factor code is wrong, expired or already used',
};

/**
 * A catalogue code a route gives, with when (else the code's general meaning) and, where the server's text is known
 * (issue 29: the partner API's, domains/partner/messages.ts), the message its example shows.
 */
type RouteError = ErrorCode | readonly [ErrorCode, string] | readonly [ErrorCode, string, string];

/** A quote of a pair (rates and partner rates): what the quote engine refuses (api modules/rates/quote.ts). */
const QUOTE_ERRORS: RouteError[] = [
  ['ERR_NOT_FOUND', 'an unknown instrument'],
  'ERR_PAIR_NOT_ACTIVE',
  ['ERR_NOT_ACCEPTABLE', 'a fixed rate for a card purchase'],
  'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL',
  'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG',
];
const IDEMPOTENCY_REUSED: RouteError = ['ERR_UNPROCESSABLE_ENTITY', 'the Idempotency-Key was already used with a different request'];
/** Creating an order: the quote's refusals, a blacklisted client, a reused Idempotency-Key (api modules/orders/creation.ts). */
const ORDER_CREATE_ERRORS: RouteError[] = [['ERR_NOT_FOUND', 'an unknown instrument or referrer id'], ...QUOTE_ERRORS.slice(1), IDEMPOTENCY_REUSED];
const ORDER_NOT_FOUND: RouteError = ['ERR_NOT_FOUND_E', 'no order with that id (and destination address)'];
const ORDER_STATE: RouteError = ['ERR_UNPROCESSABLE_ENTITY', 'the order’s state does not allow it'];
const PARTNER_CARD: RouteError = [
  'ERR_NOT_ACCEPTABLE',
  'a card (fiat) send instrument: card purchases are not available through the partner API',
  MSG.cardPurchases,
];
const PARTNER_ORDER_NOT_FOUND: RouteError = ['ERR_NOT_FOUND', 'no such order of this partner', partnerNotFound('Order', 'ord_123')];
const PARTNER_WEBHOOK_NOT_FOUND: RouteError = ['ERR_NOT_FOUND', 'no such webhook of this partner', partnerNotFound('Webhook', 'wh_123')];
/** Sign-in and step-up of an account with two-factor authentication (issue 24, api modules/auth/twoFactor.ts). */
const TWO_FACTOR_ERRORS: RouteError[] = ['ERR_TWO_FACTOR_REQUIRED', 'ERR_INVALID_TWO_FACTOR_CODE'];
const PROVIDER_UNKNOWN: RouteError = ['ERR_NOT_FOUND', 'an unknown liquidity provider'];
const NO_PROVIDER_SESSION: RouteError = ['ERR_FORBIDDEN', 'the provider’s bearer token of sign-in is missing or another account’s'];

/**
 * The 4xx answers of each route beyond those every route of its kind gives (see `errorsOf`), as the api's
 * modules throw them.
 */
const ROUTE_ERRORS: Partial<Record<RouteName, readonly RouteError[]>> = {
  orderPublicInfo: [ORDER_NOT_FOUND],
  orderReceipt: [ORDER_NOT_FOUND, ['ERR_UNPROCESSABLE_ENTITY', 'the order is neither completed nor refunded: it has no receipt yet']],
  orderRefundInfo: [ORDER_NOT_FOUND, ['ERR_UNPROCESSABLE_ENTITY', 'neither a fixed-rate order nor on hold: no refund option']],
  orderCreate: [
    ...ORDER_CREATE_ERRORS,
    ['ERR_FORBIDDEN', 'blacklisted client data, or a card purchase without sign-in (details.reason SIGN_IN_REQUIRED) or KYC (KYC_REQUIRED)'],
    ['ERR_NOT_ACCEPTABLE', 'card purchases are not available with this currency'],
  ],
  orderSetEmail: [ORDER_NOT_FOUND, ['ERR_UNPROCESSABLE_ENTITY', 'the order already has an email']],
  orderRequestRefund: [
    ORDER_NOT_FOUND,
    ['ERR_UNPROCESSABLE_ENTITY', 'the order’s state allows no refund, or the amount or fee differ from the refund info (reload it)'],
    ['ERR_FORBIDDEN', 'blacklisted client data'],
  ],
  orderAcceptRateModeChange: [
    ORDER_NOT_FOUND,
    ORDER_STATE,
    ['ERR_NOT_ACCEPTABLE', 'the new-rate offer expired or was renewed: read the order and accept its fresh offer'],
  ],
  validateAddress: ['ERR_NETWORK_NOT_SUPPORTED'],
  recommendedAmount: [...QUOTE_ERRORS.slice(0, 3)],
  pairsDefault: ['ERR_PAIR_NOT_ACTIVE'],
  rateOne: QUOTE_ERRORS,
  login: ['ERR_INVALID_CREDENTIALS', ...TWO_FACTOR_ERRORS],
  stepUp: [['ERR_INVALID_CREDENTIALS', 'the password is wrong'], ...TWO_FACTOR_ERRORS],
  twoFactorSetup: ['ERR_STEP_UP_REQUIRED', ['ERR_UNPROCESSABLE_ENTITY', 'two-factor authentication is already on']],
  twoFactorEnable: [
    ['ERR_INVALID_TWO_FACTOR_CODE', 'the code does not match the secret of the setup'],
    ['ERR_UNPROCESSABLE_ENTITY', 'no setup to confirm, or two-factor authentication is already on'],
  ],
  twoFactorDisable: ['ERR_INVALID_TWO_FACTOR_CODE', ['ERR_UNPROCESSABLE_ENTITY', 'two-factor authentication is not on']],
  refresh: [['ERR_UNAUTHORIZED', 'no refresh token, or it was revoked or expired: sign in again']],
  resetPassword: ['ERR_INVALID_PASSWORD_RESET_CODE'],
  affiliateWithdraw: [
    ['ERR_NETWORK_NOT_SUPPORTED', 'withdrawals are paid in USDT on TRC20 only'],
    'ERR_WITHDRAWAL_TOO_SMALL',
    'ERR_BALANCE_TOO_LOW',
    'ERR_BALANCE_NOT_FOUND',
    IDEMPOTENCY_REUSED,
  ],
  // Issue 24: making or resuming a key needs a confirmed email and a recent sign-in (step-up).
  generateApiKey: ['ERR_EMAIL_NOT_CONFIRMED', 'ERR_STEP_UP_REQUIRED', ['ERR_VALIDATION', 'the account already has 20 keys']],
  updateApiKey: [
    ['ERR_NOT_FOUND', 'no such key of this account'],
    ['ERR_VALIDATION', 'signatureRequired on a key made before request signatures'],
  ],
  deleteApiKey: [['ERR_NOT_FOUND', 'no such key of this account']],
  resumeApiKey: [['ERR_NOT_FOUND', 'no such key of this account'], 'ERR_EMAIL_NOT_CONFIRMED', 'ERR_STEP_UP_REQUIRED'],
  kycSubmit: [['ERR_UNPROCESSABLE_ENTITY', 'a verification is already pending or passed']],
  providerSignUp: [PROVIDER_UNKNOWN],
  providerSignIn: [PROVIDER_UNKNOWN],
  providerContacts: [PROVIDER_UNKNOWN, NO_PROVIDER_SESSION],
  providerKycStatus: [PROVIDER_UNKNOWN, NO_PROVIDER_SESSION],
  providerKycAccessToken: [PROVIDER_UNKNOWN, NO_PROVIDER_SESSION],
  partnerRate: [...QUOTE_ERRORS, PARTNER_CARD],
  partnerOrderCreate: [
    ['ERR_VALIDATION', 'no Idempotency-Key header', MSG.idempotencyKeyRequired],
    ...QUOTE_ERRORS,
    ['ERR_UNPROCESSABLE_ENTITY', 'the Idempotency-Key was already used with a different request', MSG.idempotencyKeyReused],
    PARTNER_CARD,
    ['ERR_FORBIDDEN', 'blacklisted client data'],
  ],
  partnerOrder: [PARTNER_ORDER_NOT_FOUND],
  partnerOrderRefundInfo: [
    PARTNER_ORDER_NOT_FOUND,
    ['ERR_UNPROCESSABLE_ENTITY', 'neither a fixed-rate order nor on hold nor waiting for a choice: no refund option'],
  ],
  partnerOrderRequestRefund: [
    PARTNER_ORDER_NOT_FOUND,
    ['ERR_UNPROCESSABLE_ENTITY', 'the order’s state allows no refund, or the amount or fee differ from the refund info (reload it)'],
    ['ERR_FORBIDDEN', 'blacklisted client data'],
  ],
  partnerOrderAcceptRate: [
    PARTNER_ORDER_NOT_FOUND,
    ORDER_STATE,
    ['ERR_NOT_ACCEPTABLE', 'the new-rate offer expired or was renewed: read the order and accept its fresh offer'],
  ],
  partnerWebhookDelete: [PARTNER_WEBHOOK_NOT_FOUND],
  partnerWebhookDeliveries: [PARTNER_WEBHOOK_NOT_FOUND],
  partnerWebhookTest: [PARTNER_WEBHOOK_NOT_FOUND, ['ERR_UNPROCESSABLE_ENTITY', 'the webhook is removed, deactivated or suspended']],
  partnerWebhookDeliveryReplay: [
    ['ERR_NOT_FOUND', 'no such delivery of this partner', partnerNotFound('Webhook delivery', 'whd_123')],
    ['ERR_UNPROCESSABLE_ENTITY', 'the delivery is still pending, or its webhook is removed, deactivated or suspended'],
  ],
  seo: [['ERR_NOT_FOUND', 'no texts for that page kind or pair']],
  blogPosts: [['ERR_NOT_FOUND', 'an unknown category']],
  blogEntry: [['ERR_NOT_FOUND', 'no post or category of that slug']],
  docsPage: [['ERR_NOT_FOUND', 'no documentation page of that slug']],
  contentImage: [['ERR_NOT_FOUND', 'no image of that name']],
  supportRequestCreate: [['ERR_NOT_FOUND', 'an order id was given but no order has it']],
  adminRedirectAdd: [['ERR_BAD_REQUEST', 'the path already has a redirect']],
  adminRedirectDelete: [['ERR_NOT_FOUND', 'the path has no redirect']],
  adminKycGet: [['ERR_NOT_FOUND', 'no such verification']],
  adminKycTake: [['ERR_NOT_FOUND', 'no such verification']],
  adminKycDocument: [['ERR_NOT_FOUND', 'no such verification or document']],
  adminKycDecide: [
    ['ERR_NOT_FOUND', 'no such verification'],
    ['ERR_UNPROCESSABLE_ENTITY', 'the verification is not pending'],
  ],
  adminIncidentUpdate: [['ERR_NOT_FOUND', 'no such incident']],
  adminNetworkIncidentOpen: [['ERR_NETWORK_NOT_SUPPORTED', 'no active network has that networkTitle']],
  adminNetworkIncidentUpdate: [
    ['ERR_NOT_FOUND', 'no such network incident'],
    ['ERR_UNPROCESSABLE_ENTITY', 'the incident is resolved already'],
  ],
};

/** Session routes whose expired or revoked token is tolerated (api modules/auth/authenticate.ts). */
const STALE_SESSION_TOLERATED: ReadonlySet<RouteName> = new Set(['logout']);

interface ErrorAnswer {
  code: ErrorCode;
  /** The server's text, where known; else the example shows `why`. */
  message?: string;
  /** Overrides the code's catalogue status (Fastify's own refusals: 413 for a body over the limit). */
  status?: number;
  why: string;
}

/** The 4xx answers a route can give: the catalogue code, its HTTP status and when. */
function errorsOf(name: RouteName, def: RouteDef): ErrorAnswer[] {
  const out: ErrorAnswer[] = [];
  const add = (code: ErrorCode, why: string, status?: number, message?: string) => {
    const same = out.find((e) => e.code === code && e.status === status);
    if (!same) out.push({ code, why, status, message });
    else if (!same.why.includes(why)) {
      same.why = `${same.why}; or ${why}`;
      same.message ??= message;
    }
  };
  // Every route refuses control characters in query, path parameters, body and headers (api http/controlChars.ts).
  add('ERR_VALIDATION', def.query || def.body || def.params ? 'invalid query, path parameter, body or header' : 'a header with control characters');
  if (def.method !== 'GET') {
    add('ERR_BAD_REQUEST', def.bodyType === 'multipart' ? 'not a readable multipart/form-data body' : 'a body that is not valid JSON');
    // Issue 29: another content type is Fastify's 415, in the catalogue shape (not a 400).
    const readable = def.bodyType === 'multipart' ? 'multipart/form-data' : def.auth === 'partner' ? 'application/json' : 'application/json (or text/plain)';
    add('ERR_BAD_REQUEST', `a content type other than ${readable}`, 415);
    add('ERR_BAD_REQUEST', 'a body over the size limit', 413);
  }
  if (def.auth === 'user' || def.auth === 'admin') add('ERR_UNAUTHORIZED', 'no session, or it expired (details.reason TOKEN_EXPIRED: refresh and retry)');
  if (def.auth === 'optional' && !STALE_SESSION_TOLERATED.has(name)) add('ERR_UNAUTHORIZED', 'a session cookie that expired or was revoked');
  if (def.auth === 'admin') add('ERR_NOT_ENOUGH_PERMISSIONS', 'the account is not an administrator');
  if (def.auth === 'partner') {
    add(
      'ERR_UNAUTHORIZED',
      'x-api-key missing or unknown; a signature (X-Signature, X-Timestamp, X-Nonce) that does not match, is stale or replays a nonce; or no signature with a key that requires one',
      undefined,
      MSG.keyRequired,
    );
    add('ERR_FORBIDDEN', 'the key is deactivated, suspended since a password reset, or not allowed from this address', undefined, MSG.keyDeactivated);
    add('ERR_EMAIL_NOT_CONFIRMED', 'the key’s account has no confirmed email', undefined, MSG.keyOwnerUnconfirmed);
  } else if (def.method !== 'GET') {
    add('ERR_FORBIDDEN', 'a request with cookies from another site (CSRF protection)');
  }
  for (const e of ROUTE_ERRORS[name] ?? []) {
    if (typeof e === 'string') add(e, CODE_MEANINGS[e]);
    else add(e[0], e[1], undefined, e[2]);
  }
  if (def.auth === 'partner') add('ERR_TOO_MANY_REQUESTS', 'over the key’s per-minute limit', undefined, partnerTooManyRequests(12));
  if (def.rateLimit) add('ERR_TOO_MANY_REQUESTS', 'over the per-address (or per-account) limit');
  return out;
}

/** The 4xx responses of an operation, one per status, each code an example (`errorSchema`: the §8 body's reference). */
export function errorResponsesOf(name: RouteName, def: RouteDef, errorSchema: JsonSchema): Record<string, unknown> {
  const answers = errorsOf(name, def);
  const byStatus = new Map<number, ErrorAnswer[]>();
  for (const a of answers) {
    const status = a.status ?? ERROR_STATUS[a.code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), a]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples: Record<string, unknown> = {};
    for (const a of list) {
      examples[examples[a.code] ? `${a.code}_${status}` : a.code] = {
        summary: a.why,
        value: { statusCode: status, code: a.code, message: a.message ?? capitalise(a.why) },
      };
    }
    responses[String(status)] = {
      description: list.map((a) => `\`${a.code}\`: ${a.why}`).join('; '),
      ...(status === 429 && { headers: RETRY_AFTER_HEADER }),
      content: { 'application/json': { schema: errorSchema, examples } },
    };
  }
  return responses;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
