// §4 Language: one Accept-Language negotiation, by q-value.
import { acceptedLanguages, negotiateLocale, supportedLocaleOf } from './acceptLanguage';

describe('Accept-Language', () => {
  it.each([
    ['ru;q=0.9,en;q=0.8', 'ru'],
    ['de,en;q=0.5', 'en'],
    ['en;q=0.5, ru;q=0.7', 'ru'],
    ['en-US,en;q=0.9,ru;q=0.8', 'en'],
    ['ru-RU,ru;q=0.9', 'ru'],
    ['de-DE, fr;q=0.9, ru;q=0.1', 'ru'],
    ['ru;q=0, en', 'en'],
    ['ru;q=abc, en;q=0.1', 'en'],
    ['RU', 'ru'],
    ['de', 'en'],
    ['*', 'en'],
    ['', 'en'],
  ])('%j → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('falls back to the given locale when nothing is supported', () => {
    expect(negotiateLocale('de, fr', 'ru')).toBe('ru');
    expect(negotiateLocale(undefined, 'ru')).toBe('ru');
  });

  it('lists the accepted languages most preferred first, ties in the header order, refused ones left out', () => {
    expect(acceptedLanguages('de;q=0.5, ru, en-GB;q=0.5, fr;q=0')).toEqual(['ru', 'de', 'en-GB']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('maps a tag to its site locale', () => {
    expect(supportedLocaleOf('ru-RU')).toBe('ru');
    expect(supportedLocaleOf('ru_RU')).toBe('ru');
    expect(supportedLocaleOf('EN_gb')).toBe('en');
    expect(supportedLocaleOf('en')).toBe('en');
    expect(supportedLocaleOf('uk')).toBeUndefined();
    expect(supportedLocaleOf('de')).toBeUndefined();
    expect(supportedLocaleOf(undefined)).toBeUndefined();
  });
});
