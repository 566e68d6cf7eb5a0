// Service health (§7 `GET /api/v1/health`).
import { z } from 'zod';
import { HEALTH_STATUSES } from '../../domain';

export const HealthStatusSchema = z.enum(HEALTH_STATUSES);

export const HealthSchema = z
  .object({
    status: HealthStatusSchema,
    version: z.string(),
    sandbox: z.object({ market: z.boolean(), custody: z.boolean(), provider: z.boolean(), mail: z.boolean() }),
    checks: z.record(z.string(), z.enum(['up', 'down'])),
    /** Issue 28: the custody adapter that runs (`sandbox`, `evm`, `evm+sandbox`) and, for a real chain, how far it is followed. */
    custody: z
      .object({
        adapter: z.string(),
        chain: z
          .object({
            chainId: z.number().int(),
            latestBlockSeen: z.string().nullable(),
            nodeHead: z.string().nullable(),
            lagBlocks: z.number().int().nullable(),
          })
          .optional(),
      })
      .optional(),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof HealthSchema>;
