// Only the shown locale's texts are loaded (remotes' `loadResources`, contract 1.2). A language change first
// loads the new locale's bundles of whatever registered a loader on this i18n instance (the PagesLoader), then
// changes the language, so no page renders raw keys. Kept per instance: the server makes one per request.
import type { i18n as I18n } from 'i18next';

type BundleLoader = (locale: string) => Promise<unknown>;

interface LocaleState {
  /** the locale a switch in progress goes to */
  target?: string;
  loaders: Set<BundleLoader>;
}

const states = new WeakMap<I18n, LocaleState>();

function stateOf(i18n: I18n): LocaleState {
  let state = states.get(i18n);
  if (!state) {
    state = { loaders: new Set() };
    states.set(i18n, state);
  }
  return state;
}

/** The locales whose texts must be registered now: the one shown and the one a switch goes to. */
export function activeLocales(i18n: I18n): string[] {
  const target = states.get(i18n)?.target;
  return target && target !== i18n.language ? [i18n.language, target] : [i18n.language];
}

/** `load(locale)` runs before every language change of `i18n` and delays it until it settles. */
export function beforeLocaleSwitch(i18n: I18n, load: BundleLoader): void {
  stateOf(i18n).loaders.add(load);
}

/** Loads the locale's bundles, then changes the language; a newer switch started meanwhile wins. */
export async function switchLocale(i18n: I18n, locale: string): Promise<void> {
  const state = stateOf(i18n);
  state.target = locale;
  await Promise.all(
    [...state.loaders].map((load) => load(locale).catch((error: unknown) => console.error(`[i18n] texts for ${locale} could not be loaded`, error))),
  );
  if (state.target !== locale) return;
  state.target = undefined;
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}
