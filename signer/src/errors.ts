// Refusals the HTTP layer turns into `{statusCode, code, message}`.
export class SignerRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SignerRefusal';
  }
}

/** The same idempotency key came with a different request: the first one stands. */
export function idempotencyConflict(key: string): SignerRefusal {
  return new SignerRefusal(409, 'idempotency-conflict', `idempotency key ${JSON.stringify(key)} was used for a different request`);
}
