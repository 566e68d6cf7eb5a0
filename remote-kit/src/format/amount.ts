import { ExactDecimal } from './exactDecimal';
import { numberFormat } from './numberFormatCache';
import { groupDecimal, siteDigitSymbols } from './siteDigits';

export interface FormatAmountOptions {
  locale: string;
  /** the instrument's displayed precision (§9: precisionDecimals); more digits are cut, never rounded up */
  maxDecimals: number;
  /** decimals always shown (trailing zeros are kept up to here); 0 by default */
  minDecimals?: number;
}

/**
 * A money amount for reading: grouped, in the locale's separators, cut down (ROUND_DOWN) to `maxDecimals` and
 * without trailing zeros beyond `minDecimals`. `value` is a decimal string and stays one: Intl formats the string
 * exactly (no float in between). A value that is not a number is returned as it came.
 */
export function formatAmount(value: string, { locale, maxDecimals, minDecimals = 0 }: FormatAmountOptions): string {
  const d = ExactDecimal.parse(value.trim());
  if (!d) return value;
  const max = Math.max(0, Math.min(100, Math.floor(maxDecimals)));
  const min = Math.max(0, Math.min(max, Math.floor(minDecimals)));
  const cut = d.round(max, 'down');
  // a tiny negative amount cut to zero shows as 0, not -0
  const exact = cut.isZero() ? '0' : cut.toFixed();
  const symbols = siteDigitSymbols(locale);
  if (symbols) return groupDecimal(exact, symbols, min);
  return numberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: true }).format(exact as Intl.StringNumericLiteral);
}

/** A count or a volume for reading, grouped in the locale's way; a string is formatted exactly. */
export function formatNumber(value: number | string, locale: string, options?: Intl.NumberFormatOptions): string {
  const own = formatSiteNumber(value, locale, options);
  if (own !== undefined) return own;
  if (typeof value === 'string') {
    const v = value.trim();
    if (v === '' || Number.isNaN(Number(v))) return value;
    return numberFormat(locale, { useGrouping: true, ...options }).format(v as Intl.StringNumericLiteral);
  }
  if (!Number.isFinite(value)) return String(value);
  return numberFormat(locale, { useGrouping: true, ...options }).format(value);
}

/** Intl's default decimal style: at most 3 decimals. */
const DEFAULT_MAX_DECIMALS = 3;

/**
 * formatNumber for the site's own locales (siteDigits.ts) when only a maximum of decimals (rounded half away from zero,
 * or cut with roundingMode "trunc") is asked; undefined for anything else, which Intl formats.
 */
function formatSiteNumber(value: number | string, locale: string, options?: Intl.NumberFormatOptions): string | undefined {
  const symbols = siteDigitSymbols(locale);
  if (!symbols) return undefined;
  const { maximumFractionDigits = DEFAULT_MAX_DECIMALS, roundingMode, ...rest } = options ?? {};
  if (Object.keys(rest).length > 0 || (roundingMode !== undefined && roundingMode !== 'trunc') || maximumFractionDigits > 20) return undefined;
  const d = ExactDecimal.parse(typeof value === 'string' ? value.trim() : value);
  if (!d) return undefined;
  const rounded = roundingMode === 'trunc' ? d.round(maximumFractionDigits, 'down') : roundHalfExpand(d, maximumFractionDigits);
  // Intl writes a negative value rounded to zero as "-0": left to it
  if (rounded.isZero() && !d.isZero() && !d.isPositive()) return undefined;
  return groupDecimal(rounded.isZero() ? '0' : rounded.toFixed(), symbols);
}

/** Rounded to `places` decimals half away from zero, as Intl's default (halfExpand) rounds. */
function roundHalfExpand(value: ExactDecimal, places: number): ExactDecimal {
  if (value.decimalPlaces() <= places) return value;
  const magnitude = value
    .abs()
    .plus(ExactDecimal.unit(places + 1).times(5))
    .round(places, 'down');
  return value.isPositive() ? magnitude : ExactDecimal.from(0).minus(magnitude);
}
