// The state of one blog, category, post or roadmap page (§2): built from the server's result when the page was
// server-rendered (no second fetch at hydration), else fetched once it starts (a client navigation). One store per
// request: a new slug, page or locale is a new store.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Loaded } from './contentData';

export type ContentState = 'loading' | 'ready' | 'notFound' | 'error';

export class ContentStore<T> {
  state: ContentState = 'loading';
  data: T | null = null;
  /** Built from the server's result (a server-rendered page at hydration), not fetched here. */
  readonly fromServer: boolean;
  private disposed = false;

  constructor(
    private readonly fetch: () => Promise<Loaded<T>>,
    initial?: Loaded<T>,
  ) {
    this.fromServer = initial !== undefined;
    if (initial) this.apply(initial);
    makeObservable<ContentStore<T>, 'apply'>(this, { state: observable, data: observableRef, load: action, apply: action });
  }

  /** After mount: fetches unless the server's result is already here. */
  start(): void {
    if (this.state === 'loading') void this.load();
  }

  dispose(): void {
    this.disposed = true;
  }

  /** Fetches (again, after an error). */
  async load(): Promise<void> {
    this.state = 'loading';
    try {
      const result = await this.fetch();
      if (!this.disposed) runInAction(() => this.apply(result));
    } catch (error) {
      console.warn('blog content failed to load', error instanceof Error ? error.message : error);
      if (!this.disposed) runInAction(() => (this.state = 'error'));
    }
  }

  private apply(result: Loaded<T>): void {
    if (result.kind === 'found') {
      this.data = result.data;
      this.state = 'ready';
    } else {
      this.data = null;
      this.state = 'notFound';
    }
  }
}
