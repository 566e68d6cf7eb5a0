// The root store of `/popular-exchanges`, one per mount (DESIGN.md "Stores"): created in render, `start()` after
// mount (the load), `dispose()` on unmount. Its one feature store is the list (pairs, names and rates).
import { PopularExchangesStore, type PopularExchangesApi } from './PopularExchangesStore';

export interface PopularExchangesRootDeps {
  api: PopularExchangesApi;
}

export class PopularExchangesRootStore {
  readonly popular: PopularExchangesStore;
  private started = false;
  private disposed = false;

  constructor(deps: PopularExchangesRootDeps) {
    this.popular = new PopularExchangesStore(deps.api);
  }

  async start(): Promise<void> {
    if (this.started || this.disposed) return;
    this.started = true;
    await this.popular.load();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.popular.dispose();
  }
}
