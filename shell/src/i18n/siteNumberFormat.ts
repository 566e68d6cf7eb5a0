import type { i18n as I18n } from 'i18next';
import { formatNumber } from 'remote-kit/format';

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
 * `{{count, number}}` (90-odd texts) written by remote-kit's formatNumber instead of i18next's built-in formatter, which
 * makes an Intl.NumberFormat: the first one a page makes loads ICU's number data, tens of ms in one task while hydrating
 * (issue 27). For en and ru the digits are Intl's own (remote-kit siteDigits.test.ts); other options fall back to Intl.
 */
export function writeNumbersWithSiteDigits(instance: I18n): void {
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: Record<string, unknown> = {}) => {
    if (typeof value !== 'number' && typeof value !== 'string') return String(value);
    const picked: Intl.NumberFormatOptions = {};
    for (const key of NUMBER_FORMAT_OPTIONS) if (options[key] !== undefined) (picked as Record<string, unknown>)[key] = options[key];
    return formatNumber(value, lng ?? instance.language ?? 'en', Object.keys(picked).length > 0 ? picked : undefined);
  });
}
