// What every part of the order page needs to write its texts and values: the translator and the site's locale.
import type { TFunction } from 'i18next';
import type { HostServices, Instrument } from 'shared-contracts';
import { ExactDecimal, formatAmount } from 'remote-kit/format';
import { displayDecimals } from './instruments';

export interface View {
  t: TFunction;
  /** the site's locale (host.locale.current): numbers and times are written in it */
  locale: string;
  /** the host's link: a path without the locale prefix, the host adds it */
  Link: HostServices['Link'];
}

/** §9 displayed precision: an amount of `instrument`, grouped and cut to its precisionDecimals (8 until known). */
export function amountOf(v: View, value: string | null | undefined, instrument: Pick<Instrument, 'precisionDecimals'> | undefined): string {
  return value ? formatAmount(value, { locale: v.locale, maxDecimals: displayDecimals(instrument) }) : '';
}

/** Issue 29: a fraction ("0.015") as a percent in the site's locale ("1.5"). */
export function percentOf(v: View, fraction: string): string {
  return formatAmount(ExactDecimal.from(fraction).times(100).toFixed(), { locale: v.locale, maxDecimals: 2 });
}

/** m:ss of a duration in milliseconds. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
