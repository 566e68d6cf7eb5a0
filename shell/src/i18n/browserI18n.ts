// The browser ships the shell's texts of the shown locale only: each locale is its own chunk (en.json, ru.json,
// emitted by webpack as JSON.parse, cheaper to parse than an object literal), and a language change loads the
// new locale's texts before switching (localeSwitch.ts), like the remotes' `loadResources`.
import type { i18n as I18n } from 'i18next';
import type { LocaleCode } from 'shared-contracts';
import { createI18nWith, SHELL_NAMESPACE, type ShellTexts } from './instance';
import { beforeLocaleSwitch } from './localeSwitch';

function importShellTexts(locale: LocaleCode): Promise<ShellTexts> {
  return (locale === 'ru' ? import(/* webpackChunkName: "shell-ru" */ './ru.json') : import(/* webpackChunkName: "shell-en" */ './en.json')).then(
    (m) => m.default,
  );
}

async function addShellTexts(i18n: I18n, locale: LocaleCode): Promise<void> {
  if (i18n.hasResourceBundle(locale, SHELL_NAMESPACE)) return;
  i18n.addResourceBundle(locale, SHELL_NAMESPACE, await importShellTexts(locale));
}

/** The site's i18next instance in the browser; `ready` settles once the shown locale's shell texts are in it. */
export function createBrowserI18n(locale: LocaleCode): { i18n: I18n; ready: Promise<void> } {
  const i18n = createI18nWith(locale, {});
  beforeLocaleSwitch(i18n, (next) => addShellTexts(i18n, next as LocaleCode));
  const ready = addShellTexts(i18n, locale).catch((error: unknown) => console.error(`[i18n] shell texts for ${locale} could not be loaded`, error));
  return { i18n, ready };
}
