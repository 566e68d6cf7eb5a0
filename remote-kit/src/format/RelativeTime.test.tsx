import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { formatRelative, RelativeTime, relativeTimeLocale } from './RelativeTime';

afterEach(cleanup);
afterEach(() => jest.useRealTimers());

const T = Date.parse('2026-11-23T03:16:20.002Z');

describe('formatRelative', () => {
  it('short relative text in the locale, in the largest whole unit', () => {
    expect(formatRelative(T - 3_000, T, 'en')).toBe('3 sec. ago');
    expect(formatRelative(T - 3_000, T, 'ru')).toBe('3 сек. назад');
    expect(formatRelative(T, T, 'en')).toBe('0 sec. ago');
    expect(formatRelative(T - 125_000, T, 'en')).toBe('2 min. ago');
    expect(formatRelative(T - 3 * 3_600_000, T, 'ru')).toBe('3 ч назад');
    expect(formatRelative(T - 2 * 86_400_000, T, 'en')).toBe('2 days ago');
  });

  it('§1 Spanish and Ukrainian labels, in every unit and both directions', () => {
    expect(formatRelative(T - 3_000, T, 'es')).toBe('hace 3 s');
    expect(formatRelative(T - 125_000, T, 'es')).toBe('hace 2 min');
    expect(formatRelative(T - 3 * 3_600_000, T, 'es')).toBe('hace 3 h');
    expect(formatRelative(T - 2 * 86_400_000, T, 'es')).toBe('hace 2 d');
    expect(formatRelative(T + 5 * 60_000, T, 'es', true)).toBe('dentro de 5 min');
    expect(formatRelative(T - 3_000, T, 'uk')).toBe('3 с тому');
    expect(formatRelative(T - 125_000, T, 'uk')).toBe('2 хв тому');
    expect(formatRelative(T - 3 * 3_600_000, T, 'uk')).toBe('3 год тому');
    expect(formatRelative(T - 2 * 86_400_000, T, 'uk')).toBe('2 дн. тому');
    expect(formatRelative(T + 5 * 60_000, T, 'uk', true)).toBe('через 5 хв');
  });

  it('the §2 locale map: ua is Ukrainian (Intl alone would not know it); region tags and unknown locales', () => {
    expect(formatRelative(T - 3_000, T, 'ua')).toBe('3 с тому');
    expect(relativeTimeLocale('ua')).toBe('uk');
    expect(relativeTimeLocale('UK')).toBe('uk');
    expect(relativeTimeLocale('es-MX')).toBe('es');
    expect(relativeTimeLocale('ru_RU')).toBe('ru');
    expect(relativeTimeLocale('de')).toBe('en');
    expect(formatRelative(T - 3_000, T, 'de')).toBe('3 sec. ago');
  });

  it('a time a little ahead of the clock is now, unless the future is allowed', () => {
    expect(formatRelative(T + 2_000, T, 'en')).toBe('0 sec. ago');
    expect(formatRelative(T + 5 * 60_000, T, 'en', true)).toBe('in 5 min.');
  });
});

describe('RelativeTime', () => {
  it('the server prints the exact time in UTC, the same whatever its clock', () => {
    const html = renderToString(<RelativeTime value="2026-11-23T03:16:20.002Z" locale="en" />);
    expect(html).toMatch(/<time datetime="2026-11-23T03:16:20.002Z" title="([^"]+)">\1<\/time>/i);
    expect(html).toContain('Nov 23, 2026');
    expect(html).toContain('UTC');
  });

  it('the exact time in the title is in the same locale (uk for ua)', () => {
    const html = renderToString(<RelativeTime value="2026-11-23T03:16:20.002Z" locale="ua" />);
    expect(html).toContain('2026');
    expect(html).toMatch(/лист/); // листопада: November in Ukrainian
  });

  it('hydrates the exact time without a mismatch, then shows the relative time with the exact one in its title', async () => {
    jest.useFakeTimers({ now: T + 3_000 });
    const element = <RelativeTime value="2026-11-23T03:16:20.002Z" locale="en" />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.appendChild(container);
    const recoverable = jest.fn();
    const root = await act(async () => hydrateRoot(container, element, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    const time = container.querySelector('time')!;
    expect(time.textContent).toBe('3 sec. ago');
    expect(time.getAttribute('datetime')).toBe('2026-11-23T03:16:20.002Z');
    expect(time.getAttribute('title')).toMatch(/2026/);
    act(() => root.unmount());
    container.remove();
  });

  it('counts every second below a minute', () => {
    jest.useFakeTimers({ now: T + 58_000 });
    render(<RelativeTime value={T} locale="en" data-testid="updated" />);
    const time = screen.getByTestId('updated');
    expect(time.textContent).toBe('58 sec. ago');
    act(() => jest.advanceTimersByTime(1_000));
    expect(time.textContent).toBe('59 sec. ago');
    act(() => jest.advanceTimersByTime(1_000));
    expect(time.textContent).toBe('1 min. ago');
  });

  it('below an hour, looks again within 30 s and turns to the next minute on time', () => {
    jest.useFakeTimers({ now: T + 75_000 });
    render(<RelativeTime value={T} locale="en" data-testid="updated" />);
    const time = screen.getByTestId('updated');
    expect(time.textContent).toBe('1 min. ago');
    expect(jest.getTimerCount()).toBe(1);
    act(() => jest.advanceTimersByTime(44_999));
    expect(time.textContent).toBe('1 min. ago');
    act(() => jest.advanceTimersByTime(1));
    expect(time.textContent).toBe('2 min. ago');
  });

  it('stops its timer when unmounted', () => {
    jest.useFakeTimers({ now: T + 1_000 });
    const { unmount } = render(<RelativeTime value={T} locale="en" />);
    expect(jest.getTimerCount()).toBe(1);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('starts again from the new value when it changes (fresh data)', () => {
    jest.useFakeTimers({ now: T + 2 * 3_600_000 });
    const { rerender } = render(<RelativeTime value={T} locale="ru" data-testid="updated" />);
    expect(screen.getByTestId('updated').textContent).toBe('2 ч назад');
    rerender(<RelativeTime value={T + 2 * 3_600_000 - 1_000} locale="ru" data-testid="updated" />);
    expect(screen.getByTestId('updated').textContent).toBe('1 сек. назад');
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByTestId('updated').textContent).toBe('2 сек. назад');
  });

  it('accepts a Date and epoch milliseconds; renders nothing for an invalid value', () => {
    jest.useFakeTimers({ now: T + 5_000 });
    const { container, rerender } = render(<RelativeTime value={new Date(T)} locale="en" />);
    expect(container.textContent).toBe('5 sec. ago');
    rerender(<RelativeTime value="not a date" locale="en" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('en and ru without Intl (issue 27): the same texts Intl writes', () => {
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 1_000],
    ['minute', 60_000],
    ['hour', 3_600_000],
    ['day', 86_400_000],
    ['month', 30 * 86_400_000],
    ['year', 365 * 86_400_000],
  ];
  const counts = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 59, 101, 111, 112];

  it.each(['en', 'ru'])('%s relative times, past and future, every unit', (locale) => {
    const intl = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
    units.forEach(([unit, size], i) => {
      const next = units[i + 1]?.[1] ?? Number.POSITIVE_INFINITY;
      for (const n of counts) {
        // the largest whole unit: 0 only in seconds, and below the next unit
        if ((n === 0 && unit !== 'second') || n * size >= next) continue;
        expect(formatRelative(T - n * size, T, locale)).toBe(intl.format(-n, unit));
        if (n > 0) expect(formatRelative(T + n * size, T, locale, true)).toBe(intl.format(n, unit));
      }
    });
  });

  it.each(['en', 'ru'])('%s exact time in UTC, as the server and the first render print it', (locale) => {
    const intl = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month++) {
      for (const [h, m] of [
        [0, 0],
        [3, 5],
        [11, 59],
        [12, 0],
        [15, 7],
        [23, 59],
      ]) {
        const time = Date.UTC(2026, month, month + 1, h, m, 7);
        const html = renderToString(<RelativeTime value={time} locale={locale} />);
        expect(html).toContain(`title="${intl.format(time)}"`);
      }
    }
  });

  it.each(['en', 'ru'])('%s: the exact time after mount is the visitor’s clock and zone', (locale) => {
    const time = Date.UTC(2026, 11, 7, 3, 5, 7);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const intl = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
      timeZone: zone,
    }).format(time);
    jest.useFakeTimers({ now: time + 3_000 });
    render(<RelativeTime value={time} locale={locale} data-testid="local" />);
    act(() => jest.advanceTimersByTime(0));
    // the clock is Intl's; the zone is written as its offset from UTC (Intl names a few, e.g. en's "EST")
    const title = screen.getByTestId('local').getAttribute('title') ?? '';
    expect(title.replace(/ (UTC|GMT[+-][\d:]+)$/, '')).toBe(intl.replace(/ \S+$/, ''));
  });

  it('makes no RelativeTimeFormat or DateTimeFormat for en and ru', () => {
    const relative = jest.spyOn(Intl, 'RelativeTimeFormat');
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      renderToString(<RelativeTime value={T} locale="ru" />);
      formatRelative(T - 5_000, T, 'en');
      formatRelative(T - 5 * 365 * 86_400_000, T, 'ru');
      expect(relative).not.toHaveBeenCalled();
      expect(dates).not.toHaveBeenCalled();
    } finally {
      relative.mockRestore();
      dates.mockRestore();
    }
  });
});
