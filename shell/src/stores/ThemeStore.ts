import { action, makeObservable, observable } from 'mobx';
import { THEMES, THEME_COOKIE, THEME_COOKIE_MAX_AGE_S, type Theme } from 'shared-contracts';
import type { CookieJar } from './env';

export interface ThemeStoreDeps {
  cookies: CookieJar;
  /** the element that carries `data-theme` (document.documentElement) */
  root: { setAttribute(name: string, value: string): void };
  defaultTheme: Theme;
}

const isTheme = (v: string | undefined): v is Theme => !!v && (THEMES as readonly string[]).includes(v);

/** §4 theme: light or dark, default from configuration, stored in a cookie for a year. */
export class ThemeStore {
  current: Theme;

  constructor(private readonly deps: ThemeStoreDeps) {
    const saved = deps.cookies.get(THEME_COOKIE);
    this.current = isTheme(saved) ? saved : deps.defaultTheme;
    deps.root.setAttribute('data-theme', this.current);
    makeObservable(this, { current: observable, set: action, toggle: action });
  }

  set(theme: Theme) {
    this.current = theme;
    this.deps.root.setAttribute('data-theme', theme);
    this.deps.cookies.set(THEME_COOKIE, theme, { maxAge: THEME_COOKIE_MAX_AGE_S, path: '/', sameSite: 'Lax' });
  }

  toggle() {
    this.set(this.current === 'light' ? 'dark' : 'light');
  }
}
