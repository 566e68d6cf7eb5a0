import type { HostServices } from 'shared-contracts';
import { formatAmount, formatNumber } from 'remote-kit/format';

/** The Intl locale of the site's language (§3 Locale.language). */
export function intlLocale(host: Pick<HostServices, 'locale'>): string {
  return host.locale.current === 'ru' ? 'ru-RU' : 'en';
}

/** USDT credits and balances: catalogue precision of USDT TRC20 (6 decimals), cut down, never rounded up. */
export const USDT_DECIMALS = 6;

export function formatUsdt(value: string, locale: string): string {
  return formatAmount(value, { locale, maxDecimals: USDT_DECIMALS });
}

/** A rate sent as a fraction ("0.005") read as a percentage ("0.5%"); the string is formatted exactly. */
export function formatRate(rate: string, locale: string): string {
  return formatNumber(rate, locale, { style: 'percent', maximumFractionDigits: 4 });
}
