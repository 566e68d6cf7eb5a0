// Numbers a person types (issue 25): an input shows the locale's decimal separator, like the rates beside it do
// ("0,1" in Russian). The value behind the input stays canonical ("0.1"): each remote's cleanNumericInput (§5) already
// turns a typed comma into a dot, so typing either separator is parsed by that one parser; this file only displays.

import { siteDigitSymbols } from './siteDigits';

const separators = new Map<string, '.' | ','>();

/** The decimal separator a person of `locale` reads and types: "," for ru, "." for en. */
export function decimalSeparator(locale: string): '.' | ',' {
  const own = siteDigitSymbols(locale);
  if (own) return own.decimal;
  let separator = separators.get(locale);
  if (!separator) {
    let part: string | undefined;
    try {
      part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    } catch {
      part = undefined;
    }
    separator = part === ',' ? ',' : '.';
    separators.set(locale, separator);
  }
  return separator;
}

/**
 * A canonical decimal string ("0.1", also a half-typed "0." or ".5") shown in the locale's separator, without grouping
 * and without going through a float: the digits come back exactly as they were, only the dot changes.
 */
export function toLocaleDecimal(value: string, locale: string): string {
  const separator = decimalSeparator(locale);
  return separator === '.' ? value : value.replace('.', separator);
}
