// Accept-Language negotiated once (§4 Language), for every reader of the header: the api's mails, the shell's server
// render (a first visit to the root without a locale cookie) and web's guest page cache, which keys on the result.
// Languages by q-value, highest first (ties in the header's order); q=0 means "not this one".
import { DEFAULT_LOCALE, type LocaleCode, SUPPORTED_LOCALES } from './constants';

/** The header's language tags, most preferred first, without the refused ones (q=0, or a q that is no number). */
export function acceptedLanguages(acceptLanguage: string | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? '1');
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/** A language tag's site locale (`ru-RU` → ru), if the site has it. */
export function supportedLocaleOf(tag: string | undefined | null): LocaleCode | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(base) ? (base as LocaleCode) : undefined;
}

/** The site locale the header prefers most, else `fallback`. */
export function negotiateLocale(acceptLanguage: string | undefined, fallback: LocaleCode = DEFAULT_LOCALE): LocaleCode {
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const locale = supportedLocaleOf(tag);
    if (locale) return locale;
  }
  return fallback;
}
