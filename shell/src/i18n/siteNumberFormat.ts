import type { i18n as I18n } from 'i18next';
import { groupDecimal, numberFormat, siteDigitSymbols } from 'remote-kit/format';

/** The options of `{{value, number(…)}}` that are Intl.NumberFormat's; the rest of what i18next passes (count, ns…) is not. */
const NUMBER_FORMAT_OPTIONS = [
  'style',
  'currency',
  'unit',
  'notation',
  'signDisplay',
  'roundingMode',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
] as const;

/**
 * `{{count, number}}` (90-odd texts, all counts) written with the site's own digits instead of i18next's built-in
 * formatter, which makes an Intl.NumberFormat: the first one a page makes loads ICU's number data, tens of ms in one
 * task while hydrating (issue 27). A whole number in en or ru is grouped as Intl groups it (remote-kit siteDigits); any
 * other value, locale or option is Intl's, as before. Kept this small: it is in the shell's first load.
 */
export function writeNumbersWithSiteDigits(instance: I18n): void {
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: Record<string, unknown> = {}) => {
    const locale = lng ?? instance.language ?? 'en';
    const picked: Intl.NumberFormatOptions = {};
    for (const key of NUMBER_FORMAT_OPTIONS) if (options[key] !== undefined) (picked as Record<string, unknown>)[key] = options[key];
    const plain = Object.keys(picked).length === 0;
    const symbols = siteDigitSymbols(locale);
    if (symbols && plain && typeof value === 'number' && Number.isSafeInteger(value)) return groupDecimal(String(value), symbols);
    return numberFormat(locale, picked).format(value as number);
  });
}
