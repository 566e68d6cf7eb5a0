// Readable values (issue 10): amounts, counts and times in the site's locale.
export { type FormatAmountOptions, formatAmount, formatNumber } from './amount';
export { formatRelative, RelativeTime, type RelativeTimeProps } from './RelativeTime';
export { useNow } from './useNow';
