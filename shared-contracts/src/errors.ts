// The error catalogue: spec §8. Every error body the API sends has the shape ApiErrorBody.

export const ERROR_CODES = [
  'ERR_UNAUTHORIZED',
  'ERR_NOT_ENOUGH_PERMISSIONS',
  'ERR_UNPROCESSABLE_ENTITY',
  'ERR_INVALID_CREDENTIALS',
  'ERR_USER_ALREADY_REGISTERED',
  'ERR_FORBIDDEN',
  'ERR_BAD_REQUEST',
  'ERR_NO_LIQUIDITY_AVAILABLE',
  'ERR_NOT_FOUND',
  'ERR_SERVICE_UNAVAILABLE',
  'ERR_NOT_ACCEPTABLE',
  'ERR_INTERNAL_SERVER_ERROR',
  'ERR_NETWORK_NOT_SUPPORTED',
  'ERR_BALANCE_TOO_LOW',
  'ERR_BALANCE_NOT_FOUND',
  'ERR_WITHDRAWAL_TOO_SMALL',
  'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL',
  'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG',
  'ERR_VALIDATION',
  'ERR_INVALID_PASSWORD_RESET_CODE',
  'ERR_PRISMA_CLIENT_KNOWN_REQUEST',
  'ERR_IM_A_TEAPOT',
  'ERR_NOT_FOUND_E',
  'ERR_PAIR_NOT_ACTIVE',
  // Not in §8's list but needed by any careful operator; documented in the OpenAPI document.
  'ERR_TOO_MANY_REQUESTS',
  // Identities (issue 24): a confirmed email, a recent sign-in (step-up) and two-factor codes.
  'ERR_EMAIL_NOT_CONFIRMED',
  'ERR_STEP_UP_REQUIRED',
  'ERR_TWO_FACTOR_REQUIRED',
  'ERR_INVALID_TWO_FACTOR_CODE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes of §8's catalogue this API never sends (no module of api/src raises them; api/test/errorCatalogue.test.ts
 * checks it). They stay in the catalogue so a client written against it still compiles and recognises them; the docs
 * (content/docs/{en,ru}/errors.md) and the OpenAPI document list them apart, as never sent, with what each meant.
 */
export const NEVER_SENT_ERROR_CODES: readonly ErrorCode[] = [
  // registration answers the same whether or not the email has an account (no account enumeration)
  'ERR_USER_ALREADY_REGISTERED',
  // an inactive pair answers ERR_PAIR_NOT_ACTIVE
  'ERR_NO_LIQUIDITY_AVAILABLE',
  // the spec's source raised it from its database layer; this API answers a conflict with the specific code of the case
  'ERR_PRISMA_CLIENT_KNOWN_REQUEST',
  // HTTP 418 (RFC 2324, a joke status): nothing here answers it
  'ERR_IM_A_TEAPOT',
];

/** The HTTP status each catalogue code is sent with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  ERR_UNAUTHORIZED: 401,
  ERR_NOT_ENOUGH_PERMISSIONS: 403,
  ERR_UNPROCESSABLE_ENTITY: 422,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_USER_ALREADY_REGISTERED: 409,
  ERR_FORBIDDEN: 403,
  ERR_BAD_REQUEST: 400,
  ERR_NO_LIQUIDITY_AVAILABLE: 503,
  ERR_NOT_FOUND: 404,
  ERR_SERVICE_UNAVAILABLE: 503,
  ERR_NOT_ACCEPTABLE: 406,
  ERR_INTERNAL_SERVER_ERROR: 500,
  ERR_NETWORK_NOT_SUPPORTED: 400,
  ERR_BALANCE_TOO_LOW: 400,
  ERR_BALANCE_NOT_FOUND: 404,
  ERR_WITHDRAWAL_TOO_SMALL: 400,
  ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL: 400,
  ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG: 400,
  ERR_VALIDATION: 400,
  ERR_INVALID_PASSWORD_RESET_CODE: 400,
  ERR_PRISMA_CLIENT_KNOWN_REQUEST: 400,
  ERR_IM_A_TEAPOT: 418,
  ERR_NOT_FOUND_E: 404,
  ERR_PAIR_NOT_ACTIVE: 400,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_EMAIL_NOT_CONFIRMED: 403,
  ERR_STEP_UP_REQUIRED: 403,
  ERR_TWO_FACTOR_REQUIRED: 401,
  ERR_INVALID_TWO_FACTOR_CODE: 401,
};

export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  /** Field-level messages, e.g. `{ password: '…' }` for a password error (§5). */
  fields?: Record<string, string>;
  /** Machine-readable extras, e.g. `{ expectedAmount: '0.001' }` for amount limits (§8). */
  details?: Record<string, unknown>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.statusCode === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}

/** The one error type every client call rejects with. */
export class ApiError extends Error implements ApiErrorBody {
  readonly statusCode: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.fields = body.fields;
    this.details = body.details;
  }

  toJSON(): ApiErrorBody {
    return { statusCode: this.statusCode, code: this.code, message: this.message, fields: this.fields, details: this.details };
  }

  static of(code: ErrorCode, message: string, extra: Pick<ApiErrorBody, 'fields' | 'details'> = {}): ApiError {
    return new ApiError({ statusCode: ERROR_STATUS[code], code, message, ...extra });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** §8 "A fetch failure is formatted as method, URL and status." */
export function formatFetchFailure(method: string, url: string, status: number | string): string {
  return `${method.toUpperCase()} ${url} ${status}`;
}
