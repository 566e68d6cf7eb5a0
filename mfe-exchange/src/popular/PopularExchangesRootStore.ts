// The root store of `/popular-exchanges`, one per mount (DESIGN.md "Stores"): created in render, `start()` after
// mount (the load), `dispose()` on unmount. Its one feature store is the list (pairs, names and rates). With the
// server's first load (`host.initialData`) the list starts ready from it and `start()` has nothing to load.
import { PopularExchangesStore, type PopularExchangesApi, type PopularSnapshot } from './PopularExchangesStore';

export interface PopularExchangesRootDeps {
  api: PopularExchangesApi;
  /** the server-rendered page's list (its loader's data) */
  snapshot?: PopularSnapshot;
}

export class PopularExchangesRootStore {
  readonly popular: PopularExchangesStore;
  private started = false;
  private disposed = false;
  private readonly restored: boolean;

  constructor(deps: PopularExchangesRootDeps) {
    this.popular = new PopularExchangesStore(deps.api);
    if (deps.snapshot) this.popular.restore(deps.snapshot);
    this.restored = deps.snapshot !== undefined;
  }

  async start(): Promise<void> {
    if (this.started || this.disposed) return;
    this.started = true;
    if (!this.restored) await this.popular.load();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.popular.dispose();
  }
}
