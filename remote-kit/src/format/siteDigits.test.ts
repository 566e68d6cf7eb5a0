import { formatAmount, formatNumber } from './amount';
import { decimalSeparator } from './localeNumber';
import { siteDigitSymbols } from './siteDigits';

// The site writes en and ru numbers itself (no Intl.NumberFormat on the page's first render, issue 27): what it writes
// must be what Intl writes, or the text changes and a server-rendered page no longer matches.
const intl = (value: number | string, locale: string, options: Intl.NumberFormatOptions = {}) =>
  new Intl.NumberFormat(locale, { useGrouping: true, ...options }).format(value as Intl.StringNumericLiteral);

/** A small deterministic generator, so a failure names a value that can be run again. */
function* samples(count: number): Generator<string> {
  let seed = 20261207;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  const fixed = ['0', '1', '-1', '0.5', '-0.5', '0.05', '0.15', '2.5', '-2.5', '999.9995', '1000', '-1000', '12345.6789', '999999.95', '0.0001', '1e21'];
  yield* fixed;
  for (let i = 0; i < count; i++) {
    const intDigits = next() % 13;
    const fracDigits = next() % 10;
    let int = '';
    for (let d = 0; d < intDigits; d++) int += String(next() % 10);
    let frac = '';
    for (let d = 0; d < fracDigits; d++) frac += String(next() % 10);
    yield `${next() % 5 === 0 ? '-' : ''}${int || '0'}${frac ? `.${frac}` : ''}`;
  }
}

describe('the site’s own digits (en, ru) are Intl’s', () => {
  const optionSets: (Intl.NumberFormatOptions | undefined)[] = [
    undefined,
    { maximumFractionDigits: 0 },
    { maximumFractionDigits: 1 },
    { maximumFractionDigits: 2 },
    { maximumFractionDigits: 8 },
    { maximumFractionDigits: 0, roundingMode: 'trunc' },
  ];

  it.each(['en', 'ru'])('formatNumber in %s, strings and numbers, every option the site uses', (locale) => {
    for (const value of samples(400)) {
      for (const options of optionSets) {
        expect([value, options, formatNumber(value, locale, options)]).toEqual([value, options, intl(value, locale, options)]);
        const n = Number(value);
        expect([n, options, formatNumber(n, locale, options)]).toEqual([n, options, intl(n, locale, options)]);
      }
    }
  });

  it.each(['en', 'ru'])('formatAmount in %s: cut down, then written as Intl writes it', (locale) => {
    for (const value of samples(400)) {
      for (const [maxDecimals, minDecimals] of [
        [8, 0],
        [2, 2],
        [6, 1],
        [0, 0],
      ]) {
        const expected = formatAmount(value, { locale: 'de', maxDecimals, minDecimals }); // Intl's path, then the symbols swapped
        const de = siteDigitSymbols('de');
        expect(de).toBeUndefined();
        const ownSymbols = siteDigitSymbols(locale)!;
        const viaIntl = expected.replace(/[.,]/g, (symbol) => (symbol === '.' ? ownSymbols.group : ownSymbols.decimal));
        expect([value, maxDecimals, minDecimals, formatAmount(value, { locale, maxDecimals, minDecimals })]).toEqual([
          value,
          maxDecimals,
          minDecimals,
          viaIntl,
        ]);
      }
    }
  });

  it('the decimal separator a person types is the one Intl names', () => {
    for (const locale of ['en', 'ru']) {
      const intlSeparator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
      expect(decimalSeparator(locale)).toBe(intlSeparator);
    }
  });

  it('en and ru make no Intl.NumberFormat (its first one loads ICU number data in the middle of hydration)', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      for (const locale of ['en', 'ru']) {
        formatAmount('1234.5678', { locale, maxDecimals: 8 });
        formatNumber(1234.56, locale, { maximumFractionDigits: 1 });
        formatNumber('10022', locale);
        decimalSeparator(locale);
      }
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('other locales and options are still Intl’s', () => {
    expect(formatNumber(0.1234, 'en', { style: 'percent', maximumFractionDigits: 1 })).toBe(intl(0.1234, 'en', { style: 'percent', maximumFractionDigits: 1 }));
    expect(formatNumber(1234.5, 'de')).toBe(intl(1234.5, 'de'));
    expect(formatNumber(-0.01, 'en', { maximumFractionDigits: 0 })).toBe(intl(-0.01, 'en', { maximumFractionDigits: 0 }));
  });
});
