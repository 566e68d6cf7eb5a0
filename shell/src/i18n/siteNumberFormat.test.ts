import { createI18nWith } from './instance';

// `{{count, number}}` is written with the site's own digits (issue 27): the same text Intl wrote, and no
// Intl.NumberFormat made for it on a page's first render.
describe('numbers in the texts', () => {
  const texts = { reading: '{{count, number}} min read', plain: '{{count}} items', places: '{{value, number(maximumFractionDigits: 1)}}' };

  it.each(['en', 'ru'] as const)('%s: grouped as Intl groups them', (locale) => {
    const instance = createI18nWith(locale, {});
    instance.addResourceBundle(locale, 'probe', texts);
    const t = instance.getFixedT(locale, 'probe');
    expect(t('reading', { count: 12345 })).toBe(`${new Intl.NumberFormat(locale).format(12345)} min read`);
    expect(t('plain', { count: 12345 })).toBe('12345 items');
    expect(t('places', { value: 1234.56 })).toBe(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1234.56));
  });

  it('the texts’ numbers make no Intl.NumberFormat', () => {
    const instance = createI18nWith('ru', {});
    instance.addResourceBundle('ru', 'probe', texts);
    const t = instance.getFixedT('ru', 'probe');
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      t('reading', { count: 5 });
      t('reading', { count: 12345 });
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});
