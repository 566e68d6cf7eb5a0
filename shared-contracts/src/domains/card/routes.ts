// Buying crypto with a card (§7 liquidity providers): the account at the card provider and its KYC.
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const cardRoutes = defineRoutes({
  providerSignUp: {
    method: 'POST',
    path: '/api/v1/liquidity-providers/:provider/user/sign-up',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 12: sign-up mails a code.
    rateLimit: { perAddress: 10 },
    summary: 'Register with the card provider',
    schemas: ({ z, s }) => ({
      params: s.ProviderParamsSchema,
      query: s.ProviderQuerySchema,
      body: z.object({ accept: z.boolean(), email: s.EmailSchema }),
      response: s.OkSchema,
    }),
  },
  providerSignIn: {
    method: 'POST',
    path: '/api/v1/liquidity-providers/:provider/user/sign-in',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Sign in with the card provider',
    schemas: ({ z, s }) => ({
      params: s.ProviderParamsSchema,
      query: s.ProviderQuerySchema,
      body: z.object({ email: s.EmailSchema }),
      response: z.object({ token: z.string() }),
    }),
  },
  providerContacts: {
    method: 'GET',
    path: '/api/v1/liquidity-providers/:provider/user/contacts',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Contact confirmation state',
    schemas: ({ z, s }) => ({
      params: s.ProviderParamsSchema,
      query: s.ProviderQuerySchema,
      response: z.object({ emailStatus: z.enum(['CONFIRMED', 'UNCONFIRMED']) }),
    }),
  },
  providerKycStatus: {
    method: 'GET',
    path: '/api/v1/liquidity-providers/:provider/user/kyc-status',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'KYC features and their status',
    schemas: ({ z, s }) => ({
      params: s.ProviderParamsSchema,
      query: s.ProviderQuerySchema,
      response: z.object({ features: z.array(z.object({ feature: z.string(), status: z.string() })) }),
    }),
  },
  providerKycAccessToken: {
    method: 'GET',
    path: '/api/v1/liquidity-providers/:provider/kyc/access-token',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'KYC access token',
    schemas: ({ z, s }) => ({
      params: s.ProviderParamsSchema,
      query: s.ProviderQuerySchema,
      // kycUrl (not in §7): the provider's KYC page for this token, which the KYC redirect modal (§2) opens.
      response: z.object({ kycAccessToken: z.string(), applicantId: z.string(), kycUrl: z.string() }),
    }),
  },
});
