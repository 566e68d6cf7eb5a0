// Readable values (issue 10): amounts, counts and times in the site's locale.
export { type FormatAmountOptions, formatAmount, formatNumber } from './amount';
export { type DecimalInput, ExactDecimal, type Rounding } from './exactDecimal';
export { decimalSeparator, toLocaleDecimal } from './localeNumber';
export { cleanNumericInput, formatDecimal, isPositiveAmount, limitDecimals, toMoney } from './numericInput';
export { formatRelative, RELATIVE_TIME_LOCALES, RelativeTime, relativeTimeLocale, type RelativeTimeLocale, type RelativeTimeProps } from './RelativeTime';
export { useNow } from './useNow';
export { estimateRange } from './estimateRange';
export { formatCalendarDate } from './siteDates';
export { groupDecimal, siteDigitSymbols } from './siteDigits';
export { numberFormat } from './numberFormatCache';
