// Request shapes. A body that fails these answers 400; a well-formed request the signer will not pay (zero address,
// amount ≤ 0, unknown asset) is answered `rejected` by the payout itself, under its key.
import { z } from 'zod';

const idempotencyKey = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed 20-byte hex address');

const asset = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('native') }).strict(),
  z.object({ kind: z.literal('erc20'), contract: hexAddress.transform((s) => s as `0x${string}`) }).strict(),
]);

export const payoutRequest = z
  .object({
    idempotencyKey,
    asset,
    to: z
      .string()
      .max(100)
      .transform((s) => s as `0x${string}`),
    amount: z.string().max(80),
  })
  .strict();

export const sweepRequest = z
  .object({
    idempotencyKey,
    derivationIndex: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    asset,
  })
  .strict();

export const keyParams = z.object({ key: idempotencyKey });
