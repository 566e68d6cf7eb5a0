// Drizzle table definitions mirroring migrations/*.sql (the SQL files are the source of truth).
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const instruments = pgTable('instruments', {
  slug: text('slug').primaryKey(),
  currencyTitle: text('currency_title').notNull(),
  networkTitle: text('network_title').notNull(),
  bestChangeName: text('best_change_name').notNull(),
  currencyFriendlyTitle: text('currency_friendly_title').notNull(),
  currencyLogoLink: text('currency_logo_link').notNull(),
  instrumentType: text('instrument_type').$type<'fiat' | 'crypto'>().notNull(),
  requiresMemo: boolean('requires_memo').notNull().default(false),
  precisionDecimals: integer('precision_decimals').notNull(),
  provider: text('provider').$type<'EXCHANGE' | 'CARD'>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  addressValidator: text('address_validator'),
  requiredConfirmations: integer('required_confirmations').notNull().default(0),
  networkFee: money('network_fee').notNull().default('0'),
  minDepositUsd: money('min_deposit_usd').notNull(),
  maxDepositUsd: money('max_deposit_usd').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type InstrumentRow = typeof instruments.$inferSelect;
export type NewInstrumentRow = typeof instruments.$inferInsert;

export const orders = pgTable('orders', {
  orderId: text('order_id').primaryKey(),
  fromSlug: text('from_slug').notNull(),
  toSlug: text('to_slug').notNull(),
  rateMode: text('rate_mode').$type<'FLOATING' | 'FIXED'>().notNull(),
  claimedDepositAmount: money('claimed_deposit_amount').notNull(),
  amountToGet: money('amount_to_get').notNull(),
  price: money('price').notNull(),
  networkFee: money('network_fee').notNull().default('0'),
  platformFee: money('platform_fee').notNull().default('0'),
  depositAddress: text('deposit_address'),
  depositAddressMemo: text('deposit_address_memo'),
  /** Issue 28: the BIP-32 index of a real chain's deposit address (never reused); null in the sandbox. */
  depositDerivationIndex: integer('deposit_derivation_index'),
  destinationAddress: text('destination_address').notNull(),
  destinationAddressMemo: text('destination_address_memo'),
  refundAddress: text('refund_address'),
  refundAddressMemo: text('refund_address_memo'),
  userEmail: text('user_email'),
  referrerId: text('referrer_id'),
  status: text('status').notNull().default('CREATED'),
  fixedRateExpiresAt: timestamp('fixed_rate_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // 0002_orders.sql
  idempotencyKey: text('idempotency_key'),
  requestHash: text('request_hash'),
  marketPrice: money('market_price'),
  quoteUpdatedAt: timestamp('quote_updated_at', { withTimezone: true }),
  claimedAmountToReceive: money('claimed_amount_to_receive'),
  legacyOrderId: text('legacy_order_id'),
  /** Issue 14 (0018): the creating request's x-request-id, carried into the order job's log lines. */
  requestId: text('request_id'),
  utmData: jsonb('utm_data'),
  browserFingerprint: text('browser_fingerprint'),
  requiredConfirmations: integer('required_confirmations').notNull().default(0),
  confirmations: integer('confirmations').notNull().default(0),
  lastConfirmationAt: timestamp('last_confirmation_at', { withTimezone: true }),
  depositAmount: money('deposit_amount'),
  depositTxHash: text('deposit_tx_hash'),
  depositAt: timestamp('deposit_at', { withTimezone: true }),
  offeredPrice: money('offered_price'),
  offeredAmountToGet: money('offered_amount_to_get'),
  offeredAt: timestamp('offered_at', { withTimezone: true }),
  executionPrice: money('execution_price'),
  payoutAmount: money('payout_amount'),
  payoutTxHash: text('payout_tx_hash'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  refundAmount: money('refund_amount'),
  refundNetworkFee: money('refund_network_fee'),
  refundTxHash: text('refund_tx_hash'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  // 0005_order_holds.sql
  holdReason: text('hold_reason'),
  depositLimit: money('deposit_limit'),
  // 0008_order_attribution.sql
  apiKeyId: text('api_key_id'),
  rewardsPostedAt: timestamp('rewards_posted_at', { withTimezone: true }),
  // 0019_rewards_retry.sql: an order the rewards job could not price yet waits for its next attempt (backoff)
  rewardsAttempts: integer('rewards_attempts').notNull().default(0),
  rewardsNextAttemptAt: timestamp('rewards_next_attempt_at', { withTimezone: true }),
  // 0021_affiliate_economics.sql (issue 24): the market rate at execution, and what the platform earned (USDT)
  executionMarketPrice: money('execution_market_price'),
  realisedSpread: money('realised_spread'),
  // 0013_card_orders.sql: card purchases (§4 card flow)
  paymentProvider: text('payment_provider'),
  paymentId: text('payment_id'),
  paymentRedirectUrl: text('payment_redirect_url'),
  paymentStatus: text('payment_status').$type<'PENDING' | 'PAID' | 'DECLINED'>(),
  paymentDeclineReason: text('payment_decline_reason'),
  paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true }),
  kycVerifiedAt: timestamp('kyc_verified_at', { withTimezone: true }),
  // 0029_order_max_slippage.sql (issue 29): a FLOATING order's maximum slippage (a fraction); null for FIXED
  maxSlippage: money('max_slippage'),
});
export type OrderRow = typeof orders.$inferSelect;

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    nextStep: text('next_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

// 0006_order_idempotency_owner.sql: the live claim of an Idempotency-Key by its owner (24 h).
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    owner: text('owner').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: text('order_id').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.idempotencyKey] }), index('order_idempotency_keys_created_idx').on(t.createdAt)],
);

// 0007_redirects.sql: the §2 redirect lookup, one row per normalised full path.
export const redirects = pgTable('redirects', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  path: text('path').notNull().unique(),
  target: text('target').notNull(),
  status: smallint('status').notNull().default(301),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: bigint('created_by', { mode: 'number' }),
});

// 0009_ledger.sql: the account's money (issue 11). Raw SQL in modules/affiliates reads and writes these.
const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }),
  kind: text('kind').notNull(),
  currency: text('currency').notNull(),
  balance: money('balance').notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const ledgerTransfers = pgTable('ledger_transfers', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  orderId: text('order_id'),
  withdrawalId: text('withdrawal_id'),
  volume: money('volume'),
  rate: money('rate'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // 0021_affiliate_economics.sql (issue 24): a reward is held until available_at, then released (released_at).
  availableAt: timestamp('available_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
});

// 0021_affiliate_economics.sql (issue 24): rewards not paid and why (own order, unconfirmed referred account).
const rewardRefusals = pgTable(
  'reward_refusals',
  {
    orderId: text('order_id').notNull(),
    kind: text('kind').$type<'AFFILIATE_COMMISSION' | 'CASHBACK'>().notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // 0025: paid, then reversed at release (the own order was found after posting)
    reversed: boolean('reversed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] }), index('reward_refusals_user_idx').on(t.userId, t.createdAt)],
);

const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: text('transfer_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entries_transfer_idx').on(t.transferId), index('ledger_entries_account_idx').on(t.accountId, t.id)],
);

const withdrawals = pgTable('withdrawals', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  currencyTitle: text('currency_title').notNull(),
  networkTitle: text('network_title').notNull(),
  address: text('address').notNull(),
  amount: money('amount').notNull(),
  status: text('status').$type<'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED'>().notNull(),
  txHash: text('tx_hash'),
  failureReason: text('failure_reason'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

// 0010_partner.sql: API keys, the partner's webhooks and their delivery log (issue 11). Raw SQL in modules/keys and
// modules/webhooks reads and writes these.
const apiKeys = pgTable('api_keys', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  apiId: text('api_id').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  whiteListIp: jsonb('white_list_ip').$type<string[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  // 0023_key_signatures.sql (issue 24): the sealed signing secret, required signatures, suspension by a password reset.
  signingSecret: text('signing_secret'),
  signatureRequired: boolean('signature_required').notNull().default(false),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
});

const webhooks = pgTable('webhooks', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  eventCursor: bigint('event_cursor', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  // 0023_key_signatures.sql (issue 24): the key it was registered with; suspension by a password reset.
  apiKeyId: text('api_key_id'),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
});

// 0023_key_signatures.sql (issue 24): nonces of signed partner requests, each accepted once per key in its window.
const apiRequestNonces = pgTable(
  'api_request_nonces',
  {
    apiId: text('api_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiId, t.nonce] }), index('api_request_nonces_expiry_idx').on(t.expiresAt)],
);

const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: text('webhook_id').notNull(),
    orderEventId: bigint('order_event_id', { mode: 'number' }).notNull(),
    orderId: text('order_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    status: text('status').$type<'PENDING' | 'DELIVERED' | 'FAILED'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('webhook_deliveries_webhook_id_order_event_id_key').on(t.webhookId, t.orderEventId)],
);

const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  isCurrent: boolean('is_current').notNull().default(true),
  status: text('status').$type<'NOT_STARTED' | 'CREATED' | 'PROCESS' | 'PASS' | 'REJECT'>().notNull().default('CREATED'),
  rejectReason: text('reject_reason'),
  residenceCountry: text('residence_country').notNull(),
  identityType: text('identity_type').$type<'passport' | 'idcard' | 'drivinglicense'>().notNull(),
  firstName: text('first_name'), // plain only until the startup pass seals it (0020)
  lastName: text('last_name'), // plain only until the startup pass seals it (0020)
  issueCountry: text('issue_country').notNull(),
  birthDate: text('birth_date'), // plain only until the startup pass seals it (0020)
  identityNumber: text('identity_number'), // plain only until the startup pass seals it (0020)
  expireDate: text('expire_date').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  decidedBy: bigint('decided_by', { mode: 'number' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  documentsDeletedAt: timestamp('documents_deleted_at', { withTimezone: true }),
  // Issue 24 (0020): names, identity number and birth date, sealed (lib/secretBox.ts)
  personalData: text('personal_data'),
});

const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    verificationId: text('verification_id').notNull(),
    kind: text('kind').$type<'face' | 'front' | 'back'>().notNull(),
    // a file of the former KYC_STORAGE_DIR not imported yet (0020); null once the document is in kyc_document_chunks
    storageKey: text('storage_key').unique(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    chunks: integer('chunks'),
  },
  (t) => [unique('kyc_documents_verification_id_kind_key').on(t.verificationId, t.kind)],
);

// Issue 24 (0020): a KYC document's sealed chunks (≤ 256 KiB of JPEG each)
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const kycDocumentChunks = pgTable(
  'kyc_document_chunks',
  {
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.seq] })],
);

const kycAuditLog = pgTable('kyc_audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  verificationId: text('verification_id').notNull(),
  actor: text('actor').notNull(),
  actorUserId: bigint('actor_user_id', { mode: 'number' }),
  action: text('action').notNull(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Issue 12: the sandbox card provider (migrations/0012_card_provider.sql), written with raw SQL.
const providerAccounts = pgTable(
  'provider_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    applicantId: text('applicant_id').notNull().unique(),
    kycDecision: text('kyc_decision').$type<'PASS' | 'REJECT'>(),
    kycDecidedAt: timestamp('kyc_decided_at', { withTimezone: true }),
    kycTokenHash: text('kyc_token_hash').unique(),
    kycTokenExpiresAt: timestamp('kyc_token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('provider_accounts_provider_user_id_key').on(t.provider, t.userId)],
);

const providerTokens = pgTable(
  'provider_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_tokens_account_idx').on(t.accountId, t.expiresAt)],
);

const providerPayments = pgTable(
  'provider_payments',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    orderId: text('order_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'PENDING' | 'PAID' | 'DECLINED'>().notNull().default('PENDING'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('provider_payments_provider_order_id_key').on(t.provider, t.orderId)],
);

// Durable side effects (migration 0017, issue 14): mails (and webhook notices) queued in the causing transaction.
const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  topic: text('topic').$type<'mail' | 'webhook'>().notNull(),
  payload: jsonb('payload').notNull(),
  dedupeKey: text('dedupe_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  lastError: text('last_error'),
});

// The tables drizzle knows; the money and partner tables are written with raw SQL and listed here as their mirror.
export const schema = {
  instruments,
  orders,
  orderEvents,
  orderIdempotencyKeys,
  ledgerAccounts,
  ledgerTransfers,
  ledgerEntries,
  rewardRefusals,
  withdrawals,
  apiKeys,
  webhooks,
  apiRequestNonces,
  webhookDeliveries,
  verifications,
  kycDocuments,
  kycDocumentChunks,
  kycAuditLog,
  providerAccounts,
  providerTokens,
  providerPayments,
  outboxMessages,
};
