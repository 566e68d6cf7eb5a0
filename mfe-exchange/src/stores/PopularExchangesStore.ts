// Popular exchanges list: idle → loading → ready | empty | failed.
import { makeObservable, observable, observableRef, action, runInAction } from 'mobx';
import type { ApiClient } from 'shared-contracts';

export type PopularExchange = Awaited<ReturnType<ApiClient['popularExchanges']>>[number];

export type PopularStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'failed';

export class PopularExchangesStore {
  status: PopularStatus = 'idle';
  items: PopularExchange[] = [];
  private disposed = false;

  constructor(private readonly api: Pick<ApiClient, 'popularExchanges'>) {
    makeObservable(this, { status: observable, items: observableRef, load: action });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const list = await this.api.popularExchanges();
      if (this.disposed) return;
      runInAction(() => {
        this.items = list.filter((p) => p.isActive);
        this.status = this.items.length > 0 ? 'ready' : 'empty';
      });
    } catch (error) {
      if (this.disposed) return;
      console.warn('[mfe-exchange] popular exchanges unavailable', error);
      runInAction(() => {
        this.items = [];
        this.status = 'failed';
      });
    }
  }

  dispose(): void {
    this.disposed = true;
  }
}
