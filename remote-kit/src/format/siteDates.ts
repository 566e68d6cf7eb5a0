// A calendar date ("7 December 2026", «7 декабря 2026 г.») for the site's two locales without Intl.DateTimeFormat
// (issue 27): the first DateTimeFormat a page makes loads ICU's calendar data, 20–70 ms of one main-thread task here
// (the blog list and the consent banner met it while hydrating). The text is Intl's own for en-GB and ru-RU
// (siteDates.test.ts compares every month), so server and browser render the same; other locales go to Intl.

const MONTHS: Record<string, { names: readonly string[]; suffix: string }> = {
  en: { names: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'], suffix: '' },
  // the genitive, as a date writes it
  ru: { names: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'], suffix: ' г.' },
};

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** `2026-10-02` (a date, no time zone) as the page's locale writes it: day, month name, year; the ISO text if it is not a date. */
export function formatCalendarDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  const own = Object.hasOwn(MONTHS, locale) ? MONTHS[locale] : undefined;
  if (own) return `${date.getUTCDate()} ${own.names[date.getUTCMonth()]} ${date.getUTCFullYear()}${own.suffix}`;
  let format = intlFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    intlFormats.set(locale, format);
  }
  return format.format(date);
}
