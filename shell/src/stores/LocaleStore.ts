import { action, computed, makeObservable, observable } from 'mobx';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type LocaleCode, supportedLocaleOf } from 'shared-contracts';
import type { CookieJar } from './env';

export interface LocaleStoreDeps {
  cookies: CookieJar;
  /** navigator.languages; on the server, the Accept-Language header's (shared-contracts acceptedLanguages) */
  languages: readonly string[];
}

/** §4 Language: cookie, else browser languages, else en; the URL prefix wins when present. */
export class LocaleStore {
  current: LocaleCode;

  constructor(private readonly deps: LocaleStoreDeps) {
    this.current = this.detect();
    makeObservable(this, { current: observable, prefix: computed, applyFromUrl: action, set: action });
  }

  /** What a first access without a locale prefix would choose. */
  detect(): LocaleCode {
    const fromCookie = supportedLocaleOf(this.deps.cookies.get(LOCALE_COOKIE));
    if (fromCookie) return fromCookie;
    for (const language of this.deps.languages) {
      const found = supportedLocaleOf(language);
      if (found) return found;
    }
    return DEFAULT_LOCALE;
  }

  get prefix(): '' | '/ru' {
    return this.current === 'ru' ? '/ru' : '';
  }

  /** The locale the URL says (its prefix, or en without one). */
  applyFromUrl(locale: LocaleCode) {
    if (locale !== this.current || this.deps.cookies.get(LOCALE_COOKIE) !== locale) this.set(locale);
  }

  set(locale: LocaleCode) {
    this.current = locale;
    this.deps.cookies.set(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE_S, path: '/', sameSite: 'Lax' });
  }
}
