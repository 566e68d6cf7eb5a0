// The remote's i18next namespace (ARCHITECTURE.md) and its texts, one chunk per locale: `./pages` exports
// `loadResources`, and the shell registers only the locale it shows (contract 1.2).
import type { LocaleCode } from 'shared-contracts';

export const namespace = 'mfe-blog';

/** The texts of one locale (each locale is its own chunk, so a page loads only the one it shows). */
export function loadResources(locale: LocaleCode): Promise<Record<string, string>> {
  return locale === 'ru' ? import('./ru').then((m) => m.ru) : import('./en').then((m) => m.en);
}
