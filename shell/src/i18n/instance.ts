import i18next, { type i18n as I18n } from 'i18next';
import type { LocaleCode } from 'shared-contracts';
import type en from './en.json';
import { writeNumbersWithSiteDigits } from './siteNumberFormat';

export const SHELL_NAMESPACE = 'shell';

/** The texts of the `shell` namespace in one locale (en.json; ru.json has every key of it). */
export type ShellTexts = typeof en;

/** The one i18next instance of the site (DESIGN rule 7) with the shell's texts of the given locales; remotes add their namespaces to it. */
export function createI18nWith(locale: LocaleCode, texts: Partial<Record<LocaleCode, ShellTexts>>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ru'],
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources: Object.fromEntries(Object.entries(texts).map(([lng, bundle]) => [lng, { [SHELL_NAMESPACE]: bundle }])),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0]);
  writeNumbersWithSiteDigits(instance);
  return instance;
}
