// The site's two locales write numbers without Intl.NumberFormat (issue 27). The first NumberFormat a page makes loads
// ICU's number data: 28–53 ms of one main-thread task here, four times that on Lighthouse's phone, in the middle of
// hydrating the exchange form. en and ru need only a group and a decimal symbol; the output is Intl's own
// (siteDigits.test.ts compares them), so server and browser render the same text. Any other locale goes to Intl.
interface DigitSymbols {
  group: string;
  decimal: '.' | ',';
}

const SYMBOLS: Record<string, DigitSymbols> = {
  en: { group: ',', decimal: '.' },
  // CLDR's Russian: a no-break space between groups, a decimal comma
  ru: { group: '\u00a0', decimal: ',' },
};

/** The group and decimal symbols of a locale the site writes itself, or undefined for one Intl must format. */
export function siteDigitSymbols(locale: string): DigitSymbols | undefined {
  return Object.hasOwn(SYMBOLS, locale) ? SYMBOLS[locale] : undefined;
}

/** A plain decimal string ("-1234.5", from ExactDecimal.toFixed) with its groups of three and the locale's decimal. */
export function groupDecimal(fixed: string, symbols: DigitSymbols, minDecimals = 0): string {
  const negative = fixed.startsWith('-');
  const body = negative ? fixed.slice(1) : fixed;
  const point = body.indexOf('.');
  const int = point < 0 ? body : body.slice(0, point);
  const fraction = (point < 0 ? '' : body.slice(point + 1)).padEnd(minDecimals, '0');
  let grouped = int;
  if (int.length > 3) {
    const head = int.length % 3 || 3;
    const parts = [int.slice(0, head)];
    for (let i = head; i < int.length; i += 3) parts.push(int.slice(i, i + 3));
    grouped = parts.join(symbols.group);
  }
  return `${negative ? '-' : ''}${grouped}${fraction ? `${symbols.decimal}${fraction}` : ''}`;
}
