// Every zod schema of the contracts (entities of spec §3 and the bodies of §7), by domain; types are inferred from
// them. Server side only: the browser entry exports their types alone.
export * from './commonSchemas';
export * from './domains/accounts/schemas';
export * from './domains/analytics/schemas';
export * from './domains/card/schemas';
export * from './domains/content/schemas';
export * from './domains/health/schemas';
export * from './domains/kyc/schemas';
export * from './domains/market/schemas';
export * from './domains/money/schemas';
export * from './domains/orders/schemas';
export * from './domains/partner/schemas';
export * from './domains/receipts/schemas';
export * from './domains/status/schemas';
export * from './domains/support/schemas';
