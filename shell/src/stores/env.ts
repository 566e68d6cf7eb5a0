// Small seams every store receives through its constructor, so tests need no globals.
import { parseCookies } from 'shared-contracts';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

export interface CookieOptions {
  maxAge: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: CookieOptions): void;
}

function serialiseCookie(name: string, value: string, o: CookieOptions): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${o.maxAge}; Path=${o.path ?? '/'}; SameSite=${o.sameSite ?? 'Lax'}`;
}

/** A CookieJar over `document.cookie` (shared-contracts parseCookies: a malformed cookie on the domain breaks no read). */
export function documentCookieJar(doc: Pick<Document, 'cookie'>): CookieJar {
  return {
    get: (name) => parseCookies(doc.cookie)[name],
    set: (name, value, o) => {
      doc.cookie = serialiseCookie(name, value, o);
    },
  };
}

/** In-memory jar for tests; `written` records every serialised cookie. */
export class MemoryCookieJar implements CookieJar {
  values: Record<string, string> = {};
  written: string[] = [];
  constructor(initial: Record<string, string> = {}) {
    this.values = { ...initial };
  }
  get(name: string) {
    return this.values[name];
  }
  set(name: string, value: string, o: CookieOptions) {
    this.values[name] = value;
    this.written.push(serialiseCookie(name, value, o));
  }
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
