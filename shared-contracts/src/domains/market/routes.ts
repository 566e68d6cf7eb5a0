// The market (§7): instruments, quotes of a pair, pairs, address validation and public statistics.
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const marketRoutes = defineRoutes({
  validateAddress: {
    method: 'POST',
    path: '/api/v1/instruments/public/validate-address',
    tag: 'instruments',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 120 },
    summary: 'Validate an address for a currency and network',
    schemas: ({ z }) => ({
      body: z.object({ currencyTitle: z.string().min(1), networkTitle: z.string().min(1), address: z.string().max(256) }),
      response: z.boolean(),
    }),
  },
  recommendedAmount: {
    method: 'GET',
    path: '/api/v1/rates/public/recommended-amount',
    tag: 'rates',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Recommended amount for a pair',
    schemas: ({ z, s }) => ({
      query: z.object({ fromCurrency: z.string(), fromNetwork: z.string(), toCurrency: z.string(), toNetwork: z.string(), rateMode: s.RateModeSchema }),
      response: z.object({ recommendedAmount: s.MoneySchema }),
    }),
  },
  pairsDefault: {
    method: 'GET',
    path: '/api/v1/pairs/default',
    tag: 'pairs',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.pairsDefault,
    summary: 'The default pair of the exchange form',
    schemas: ({ s }) => ({ response: s.DefaultPairSchema }),
  },
  rateOne: {
    method: 'GET',
    path: '/api/v2/rates/public/one',
    tag: 'rates',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.rateOne,
    summary: 'Full pair data for a pair and amount',
    schemas: ({ s }) => ({ query: s.ExchangeRequestSchema, response: s.PairDataSchema }),
  },
  instrumentsV2: {
    method: 'GET',
    path: '/api/v2/instruments/public',
    tag: 'instruments',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.instruments,
    // §7 "GET /api/v2/instruments/public?all=true … 3 s"
    queryTimeout: { query: { all: 'true' }, timeoutMs: TIMEOUTS_MS.allInstruments },
    summary: 'Instruments of one provider, or all with all=true',
    schemas: ({ z, s }) => ({
      query: z.object({ providers: s.InstrumentProviderSchema.optional(), all: z.enum(['true', 'false']).optional() }),
      response: z.array(s.InstrumentSchema),
    }),
  },
  pairsPublic: {
    method: 'GET',
    path: '/api/v2/pairs/public',
    tag: 'pairs',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.pairsPublic,
    summary: 'Every tradable pair',
    schemas: ({ z, s }) => ({ response: z.array(s.PublicPairSchema) }),
  },
  popularExchanges: {
    method: 'GET',
    path: '/api/v1/pairs/popular',
    tag: 'pairs',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Popular exchanges',
    schemas: ({ z, s }) => ({ response: z.array(s.PopularExchangeSchema) }),
  },
  statsPublic: {
    method: 'GET',
    path: '/api/v1/stats/public',
    tag: 'stats',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Public statistics',
    schemas: ({ z, s }) => ({ query: z.object({ period: z.enum(['day', 'week', 'all']).optional() }), response: s.PublicStatsSchema }),
  },
});
