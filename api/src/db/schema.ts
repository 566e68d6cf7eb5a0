// Drizzle table definitions mirroring migrations/*.sql (the SQL files are the source of truth).
import { bigserial, boolean, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
});

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export const schema = { instruments, orders, orderEvents };
