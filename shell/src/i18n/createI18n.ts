import type { i18n as I18n } from 'i18next';
import type { LocaleCode } from 'shared-contracts';
import { createI18nWith } from './instance';
import { shellResources } from './resources';

/** The site's i18next instance with the shell's texts of every locale: the server render's (and tests'). The browser loads one locale (browserI18n.ts). */
export function createI18n(locale: LocaleCode): I18n {
  return createI18nWith(locale, shellResources);
}
