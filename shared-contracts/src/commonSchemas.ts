// Schemas every domain uses: money and dates as strings, slugs, emails, the §8 error body, paging, `{ ok: true }`.
import { z } from 'zod';
import { ERROR_CODES } from './errors';

export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ApiErrorBodySchema = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ApiError' });

/** Money travels as a decimal string, never a float (DESIGN.md "The API"). */
export const MoneySchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number written as a string')
  .meta({ id: 'Money', description: 'Decimal amount as a string', example: '0.015' });

export type Money = z.infer<typeof MoneySchema>;

/**
 * An amount to send or receive (issue 29): a decimal string above zero. Negative and zero amounts are refused by the
 * schema, with the catalogue's ERR_VALIDATION naming the field, as the api refused them before.
 */
export const PositiveMoneySchema = z
  .string()
  .regex(/^(?:\d*[1-9]\d*(?:\.\d+)?|\d+\.\d*[1-9]\d*)$/, 'must be a decimal number above zero written as a string')
  .meta({ id: 'PositiveMoney', description: 'Decimal amount above zero, as a string', example: '0.015' });

export const IsoDateTimeSchema = z.string().meta({ description: 'ISO 8601 date-time' });

export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]{1,32}$/, 'instrument slugs are lower-case letters and digits')
  .meta({ id: 'InstrumentSlug', example: 'btc' });

/** §3 Locale */
export const LocaleSchema = z.object({
  code: z.enum(['en', 'ru']),
  slug: z.string(),
  language: z.enum(['en', 'ru-RU']),
  name: z.string(),
  ogp: z.enum(['en_US', 'ru_RU']),
  iso3166: z.enum(['us', 'ru']),
});

export type Locale = z.infer<typeof LocaleSchema>;

export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'invalid email');

/** §3 Notification */
export const NotificationSchema = z.object({
  traceID: z.string(),
  id: z.string(),
  type: z.enum(['success', 'error', 'info', 'warning']),
  message: z.string(),
  timeout: z.number(),
});

export type Notification = z.infer<typeof NotificationSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1), perPage: z.coerce.number().int().min(1).max(100).default(20) });
