// The shell's history (issue 27): the one `*` route react-router served is matched by routes.ts anyway, so what the
// shell needs of a router is a location store over the browser's history (or an in-memory one for the server render
// and tests), with a key per history entry and the navigation type that scroll restoration needs. React reads it
// through RouterProvider.tsx. Its state and subscribe have the shape react-router's data router had.

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  /** Unique per history entry (kept in `history.state`, so a reload or back/forward finds it again); the first entry's is `default`. */
  key: string;
}

export interface RouterState {
  location: RouterLocation;
  historyAction: NavigationType;
}

export interface NavigateOptions {
  replace?: boolean;
}

export interface Router {
  readonly state: RouterState;
  /** Called after every navigation, the browser's back/forward included. Returns the unsubscribe. */
  subscribe(listener: (state: RouterState) => void): () => void;
  /** A path (absolute, or relative to the current URL) of this origin; a number moves through the history. */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** `to` as a path of the current origin, as navigating to it would set the location (percent-encoded). */
  resolve(to: string): Omit<RouterLocation, 'key'>;
}

/** Where a relative path is resolved when there is no window (the server render): the origin does not matter. */
const NO_ORIGIN = 'http://localhost';

function createKey(): string {
  return Math.random().toString(36).substring(2, 10);
}

export function pathOf(location: Omit<RouterLocation, 'key'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

abstract class HistoryRouter implements Router {
  state: RouterState;
  private readonly listeners = new Set<(state: RouterState) => void>();

  constructor(location: RouterLocation) {
    this.state = { location, historyAction: 'POP' };
  }

  protected abstract origin(): string;
  /** Writes a new entry (PUSH) or replaces the current one; false when the browser refused (the page is left instead). */
  protected abstract write(location: RouterLocation, action: 'PUSH' | 'REPLACE'): boolean;
  protected abstract go(delta: number): void;

  subscribe(listener: (state: RouterState) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  resolve(to: string): Omit<RouterLocation, 'key'> {
    const origin = this.origin();
    // as react-router did: a trailing space is kept, and `//x` is a path of this origin, not another host
    let href = to.replace(/ $/, '%20');
    if (href.startsWith('//')) href = `${origin}${href}`;
    const url = new URL(href, `${origin}${pathOf(this.state.location)}`);
    if (url.origin !== origin) throw new Error('External navigation is not allowed');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }

  navigate(to: string | number, options?: NavigateOptions): Promise<void> {
    if (typeof to === 'number') {
      this.go(to);
      return Promise.resolve();
    }
    const location = { ...this.resolve(to), key: createKey() };
    const action = options?.replace ? 'REPLACE' : 'PUSH';
    if (this.write(location, action)) this.update(location, action);
    return Promise.resolve();
  }

  protected update(location: RouterLocation, historyAction: NavigationType): void {
    this.state = { location, historyAction };
    for (const listener of [...this.listeners]) listener(this.state);
  }
}

class BrowserRouter extends HistoryRouter {
  constructor(private readonly window: Window) {
    super(BrowserRouter.read(window));
    window.addEventListener('popstate', () => this.update(BrowserRouter.read(window), 'POP'));
  }

  /** The window's location, with the key its history entry carries (react-router wrote entries of the same shape). */
  private static read(window: Window): RouterLocation {
    const { pathname, search, hash } = window.location;
    const state = window.history.state as { key?: unknown } | null;
    return { pathname, search, hash, key: typeof state?.key === 'string' ? state.key : 'default' };
  }

  protected origin(): string {
    const { origin, href } = this.window.location;
    return origin !== 'null' ? origin : new URL(href).origin;
  }

  protected write(location: RouterLocation, action: 'PUSH' | 'REPLACE'): boolean {
    const entry = { usr: null, key: location.key };
    // absolute, so that a path starting `//` stays on this origin
    const href = `${this.origin()}${pathOf(location)}`;
    if (action === 'REPLACE') {
      this.window.history.replaceState(entry, '', href);
      return true;
    }
    try {
      this.window.history.pushState(entry, '', href);
      return true;
    } catch {
      // Safari limits pushState calls; a full load of the target is the way on
      this.window.location.assign(href);
      return false;
    }
  }

  protected go(delta: number): void {
    this.window.history.go(delta);
  }
}

class MemoryRouter extends HistoryRouter {
  private readonly entries: RouterLocation[];
  private index = 0;

  constructor(initialPath: string) {
    const url = new URL(initialPath, NO_ORIGIN);
    const first = { pathname: url.pathname, search: url.search, hash: url.hash, key: 'default' };
    super(first);
    this.entries = [first];
  }

  protected origin(): string {
    return NO_ORIGIN;
  }

  protected write(location: RouterLocation, action: 'PUSH' | 'REPLACE'): boolean {
    if (action === 'PUSH') this.index += 1;
    this.entries.splice(this.index, action === 'PUSH' ? this.entries.length : 1, location);
    return true;
  }

  protected go(delta: number): void {
    const index = Math.min(Math.max(this.index + delta, 0), this.entries.length - 1);
    if (index === this.index) return;
    this.index = index;
    this.update(this.entries[index]!, 'POP');
  }
}

/** The browser's history: the current URL, then every navigation and back/forward. */
export function createBrowserRouter(window: Window = globalThis.window): Router {
  return new BrowserRouter(window);
}

/** A history in memory that starts at `initialPath` (the server render of a request, tests). */
export function createMemoryRouter(initialPath: string): Router {
  return new MemoryRouter(initialPath);
}
