import { action, makeObservable, observableRef } from 'mobx';
import type { KeyValueStorage } from './env';

/** Where the window should scroll after a navigation (§2 Scrolling). */
export type ScrollTarget = { kind: 'none' } | { kind: 'top' } | { kind: 'position'; y: number } | { kind: 'element'; id: string };

export interface ScrollLocation {
  /** History entry key (routing/router.ts's location.key). */
  key: string;
  pathname: string;
  hash: string;
}

const STORAGE_KEY = 'scroll-positions';
const MAX_SAVED = 100;

/**
 * §2: a new page scrolls to the top, a hash scrolls to its element, and back navigation restores the
 * saved position. A query-only change on the same page (e.g. the exchange form's query sync) does not
 * scroll. Positions are saved per history entry and survive a reload through sessionStorage.
 */
export class ScrollStore {
  /** The target still to apply once the page's content has rendered. */
  pending: ScrollTarget = { kind: 'none' };
  private current: ScrollLocation | null = null;
  private readonly positions: Map<string, number>;

  constructor(private readonly storage?: KeyValueStorage) {
    this.positions = new Map(readSaved(storage));
    makeObservable<ScrollStore, 'save'>(this, { pending: observableRef, navigated: action, take: action, save: action });
  }

  /** Records a navigation; `scrollY` is where the page being left was scrolled to. */
  navigated(next: ScrollLocation, action: 'POP' | 'PUSH' | 'REPLACE', scrollY: number): ScrollTarget {
    const previous = this.current;
    if (previous && previous.key !== next.key) this.save(previous.key, scrollY);
    this.current = next;

    const saved = this.positions.get(next.key);
    let target: ScrollTarget;
    if (action === 'POP' && saved !== undefined) target = { kind: 'position', y: saved };
    else if (next.hash.length > 1) target = { kind: 'element', id: hashId(next.hash) };
    else if (!previous || previous.pathname !== next.pathname) target = { kind: 'top' };
    else target = { kind: 'none' };
    this.pending = target;
    return target;
  }

  /** Hands the pending target to whoever applies it, once. */
  take(): ScrollTarget {
    const target = this.pending;
    this.pending = { kind: 'none' };
    return target;
  }

  savedPosition(key: string): number | undefined {
    return this.positions.get(key);
  }

  private save(key: string, y: number) {
    this.positions.delete(key);
    this.positions.set(key, y);
    while (this.positions.size > MAX_SAVED) this.positions.delete(this.positions.keys().next().value as string);
    this.storage?.setItem(STORAGE_KEY, JSON.stringify([...this.positions]));
  }
}

/** The element id a hash names: percent-decoded, or as written when it is not valid percent-encoding (`#%`). */
function hashId(hash: string): string {
  const raw = hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function readSaved(storage: KeyValueStorage | undefined): [string, number][] {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') : [];
  } catch {
    return [];
  }
}
