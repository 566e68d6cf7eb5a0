import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleCode } from 'shared-contracts';
import { SHELL_NAMESPACE, shellResources } from './resources';

/** The one i18next instance of the site (DESIGN rule 7); remotes add their namespaces to it. */
export function createI18n(locale: LocaleCode): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['en', 'ru'],
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources: { en: { [SHELL_NAMESPACE]: shellResources.en }, ru: { [SHELL_NAMESPACE]: shellResources.ru } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  } as Parameters<I18n['init']>[0]);
  return instance;
}
