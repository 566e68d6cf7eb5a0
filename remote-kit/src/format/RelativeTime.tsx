// Relative times ("3 s ago") for the site's locales and the ones §1 registers for relative-time labels: en, ru, es
// and uk. A Ukrainian tag may arrive as `ua` (the §2 path prefix, normalised to uk by LOCALE_PATH_MAP): Intl does not
// know `ua` (it would fall back to the runtime's default), so it is mapped first; any other tag falls back to en.
import { useEffect, useState } from 'react';
import { LOCALE_PATH_MAP } from 'shared-contracts';

export interface RelativeTimeProps {
  /** an ISO string, epoch milliseconds or a Date */
  value: string | number | Date;
  locale: string;
  /** a time ahead of the browser's clock is shown as "in 5 s"; by default it shows as now (a server clock a little ahead) */
  allowFuture?: boolean;
  className?: string;
  'data-testid'?: string;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/** §1: the locales relative-time labels are registered for. */
export const RELATIVE_TIME_LOCALES = ['en', 'ru', 'es', 'uk'] as const;
export type RelativeTimeLocale = (typeof RELATIVE_TIME_LOCALES)[number];

/** The registered locale of a tag: `ua` → uk (§2 locale map), `es-MX` → es, anything else → en. */
export function relativeTimeLocale(tag: string): RelativeTimeLocale {
  const language = tag.trim().toLowerCase().split(/[-_]/, 1)[0];
  const mapped = LOCALE_PATH_MAP[language] ?? language;
  return (RELATIVE_TIME_LOCALES as readonly string[]).includes(mapped) ? (mapped as RelativeTimeLocale) : 'en';
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const exactFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(tag: string): Intl.RelativeTimeFormat {
  const locale = relativeTimeLocale(tag);
  let f = relativeFormats.get(locale);
  if (!f) relativeFormats.set(locale, (f = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' })));
  return f;
}

// en and ru, the site's own locales, are written here rather than by Intl (issue 27): the first RelativeTimeFormat and
// DateTimeFormat a page makes each load ICU data, 20–70 ms of one main-thread task, and the exchange form shows a
// relative time while it hydrates. The texts are Intl's own (RelativeTime.test.tsx compares them); es and uk, and any
// time in the future, stay Intl's.

/** Russian "year" in the short style: «1 г.», «2 г.», «5 л.», «21 г.» (CLDR's one/few vs many). */
const ruYear = (n: number) => {
  const ten = n % 10;
  const hundred = n % 100;
  return (ten === 1 && hundred !== 11) || (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) ? 'г.' : 'л.';
};

const OWN_RELATIVE: Partial<Record<RelativeTimeLocale, (n: number, unit: Intl.RelativeTimeFormatUnit) => string>> = {
  en: (n, unit) => ({ second: 'sec.', minute: 'min.', hour: 'hr.', day: n === 1 ? 'day' : 'days', month: 'mo.', year: 'yr.' })[unit as 'second'],
  ru: (n, unit) => ({ second: 'сек.', minute: 'мин.', hour: 'ч', day: 'дн.', month: 'мес.', year: ruYear(n) })[unit as 'second'],
};

function formatRelativeCount(count: number, unit: Intl.RelativeTimeFormatUnit, tag: string): string {
  const locale = relativeTimeLocale(tag);
  const word = OWN_RELATIVE[locale];
  const past = count < 0 || Object.is(count, -0);
  // the future ("in 5 min.", shown only where a page allows it) keeps Intl's text: its Russian forms vary in spacing
  if (!word || !past) return relativeFormat(tag).format(count, unit);
  const n = Math.abs(count);
  return locale === 'ru' ? `${n} ${word(n, unit)} назад` : `${n} ${word(n, unit)} ago`;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// the genitive's short forms, as a date writes them
const RU_MONTHS = ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'];
const two = (n: number) => String(n).padStart(2, '0');

/** The visitor's zone as an offset from UTC: "UTC", "GMT+3", "GMT+5:30", "GMT-5". */
function offsetName(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `GMT${minutes > 0 ? '+' : '-'}${Math.floor(abs / 60)}${abs % 60 ? `:${two(abs % 60)}` : ''}`;
}

/** Intl's `{year, month: short, day, hour, minute, second: 2-digit, timeZoneName: short}` for en and ru. */
function ownExact(time: number, locale: 'en' | 'ru', local: boolean): string {
  const d = new Date(time);
  const [year, month, day, hours, minutes, seconds] = local
    ? [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]
    : [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  const zone = local ? offsetName(d) : 'UTC';
  if (locale === 'ru') return `${day} ${RU_MONTHS[month]} ${year} г., ${two(hours)}:${two(minutes)}:${two(seconds)} ${zone}`;
  return `${EN_MONTHS[month]} ${day}, ${year}, ${two(hours % 12 || 12)}:${two(minutes)}:${two(seconds)} ${hours < 12 ? 'AM' : 'PM'} ${zone}`;
}

function formatExact(time: number, tag: string, local: boolean): string {
  const locale = relativeTimeLocale(tag);
  return locale === 'en' || locale === 'ru' ? ownExact(time, locale, local) : exactFormat(tag, local).format(time);
}

/** The exact date-time; in UTC unless `local` (the server cannot know the visitor's time zone). */
function exactFormat(tag: string, local: boolean): Intl.DateTimeFormat {
  const locale = relativeTimeLocale(tag);
  const key = `${locale}|${local}`;
  let f = exactFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
      ...(local ? {} : { timeZone: 'UTC' }),
    });
    exactFormats.set(key, f);
  }
  return f;
}

/** "3 s ago" in `locale` for the distance from `now` to `time` (ms). */
export function formatRelative(time: number, now: number, locale: string, allowFuture = false): string {
  let diff = time - now;
  if (diff > 0 && !allowFuture) diff = 0;
  const abs = Math.abs(diff);
  const [unit, size] = UNITS.find(([, ms]) => abs >= ms) ?? UNITS[UNITS.length - 1];
  // -0 for the past: Intl prints "0 s ago", not "in 0 s"
  const count = (diff > 0 ? 1 : -1) * Math.floor(abs / size);
  return formatRelativeCount(count, unit, locale);
}

/**
 * When to look again: each second below a minute, every 30 s below an hour, each minute after; and never later than
 * the moment the shown count changes ("1 min" turns "2 min" at 120 s, not up to 30 s after).
 */
function nextTickIn(age: number): number {
  const pace = age < MINUTE ? SECOND : age < HOUR ? 30 * SECOND : MINUTE;
  const [, unit] = UNITS.find(([, ms]) => age >= ms) ?? UNITS[UNITS.length - 1];
  return Math.max(SECOND, Math.min(pace, unit - (age % unit)));
}

function toTime(value: string | number | Date): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/**
 * A live relative time ("3 s ago") with the exact date-time in its title. The server and the first browser render
 * print the exact time in UTC (the same on both, so hydration matches); after mount it turns relative and keeps
 * itself current.
 */
export function RelativeTime({ value, locale, allowFuture = false, className, 'data-testid': testId }: RelativeTimeProps) {
  const time = toTime(value);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!Number.isFinite(time)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      timer = setTimeout(tick, nextTickIn(Math.abs(t - time)));
    };
    tick();
    return () => clearTimeout(timer);
  }, [time]);
  if (!Number.isFinite(time)) return null;
  const iso = new Date(time).toISOString();
  const live = now !== null;
  const exact = formatExact(time, locale, live);
  return (
    <time dateTime={iso} title={exact} className={className} data-testid={testId}>
      {live ? formatRelative(time, now, locale, allowFuture) : exact}
    </time>
  );
}
