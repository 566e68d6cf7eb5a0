// The card provider's calls: which provider (path) and the page's locale (query).
import { z } from 'zod';

export const ProviderParamsSchema = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/) });

export const ProviderQuerySchema = z.object({ locale: z.string().optional() }).optional();
