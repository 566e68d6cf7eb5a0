import { formatCalendarDate } from './siteDates';

// The site writes en and ru dates itself (no Intl.DateTimeFormat on a page's first render, issue 27): the text must be
// Intl's, or a server-rendered page would change under hydration.
const intl = (iso: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

describe('formatCalendarDate', () => {
  const days = [
    '2026-01-01',
    '2026-02-28',
    '2024-02-29',
    '2026-03-09',
    '2026-04-30',
    '2026-05-15',
    '2026-06-01',
    '2026-07-31',
    '2026-08-08',
    '2026-09-10',
    '2026-10-02',
    '2026-11-11',
    '2026-12-07',
    '1999-12-31',
  ];

  it.each([
    ['en', 'en-GB'],
    ['ru', 'ru-RU'],
  ])('%s is what Intl writes for %s, every month', (locale, tag) => {
    for (const day of days) expect([day, formatCalendarDate(day, locale)]).toEqual([day, intl(day, tag)]);
  });

  it('makes no Intl.DateTimeFormat for en and ru; other locales are Intl’s; a non-date comes back as it was', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      formatCalendarDate('2026-12-07', 'en');
      formatCalendarDate('2026-12-07', 'ru');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
    expect(formatCalendarDate('2026-12-07', 'de')).toBe(intl('2026-12-07', 'de'));
    expect(formatCalendarDate('not a date', 'en')).toBe('not a date');
  });
});
