// The data of the support page's FAQ or of the status page: from the server's snapshot when the page was
// server-rendered (no second fetch at hydration), else fetched once the page mounts. One store per request.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';

export type SupportDataState = 'loading' | 'ready' | 'error';

export class SupportDataStore<T> {
  state: SupportDataState = 'loading';
  data: T | null = null;
  private disposed = false;

  constructor(
    private readonly fetch: () => Promise<T>,
    initial?: T,
  ) {
    if (initial !== undefined) {
      this.data = initial;
      this.state = 'ready';
    }
    makeObservable(this, { state: observable, data: observableRef, load: action });
  }

  /** After mount: fetches unless the server's data is already here. */
  start(): void {
    if (this.state === 'loading') void this.load();
  }

  dispose(): void {
    this.disposed = true;
  }

  /** Fetches (again, after an error or to refresh). */
  async load(): Promise<void> {
    if (this.data === null) this.state = 'loading';
    try {
      const data = await this.fetch();
      if (!this.disposed) {
        runInAction(() => {
          this.data = data;
          this.state = 'ready';
        });
      }
    } catch (error) {
      console.warn('support page data failed to load', error instanceof Error ? error.message : error);
      if (!this.disposed && this.data === null) runInAction(() => (this.state = 'error'));
    }
  }
}
