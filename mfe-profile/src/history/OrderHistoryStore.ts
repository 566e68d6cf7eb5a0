// The order history tab: one page of the signed-in user's orders at a time, newest first (server order).
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ApiClient, Order } from 'shared-contracts';

export const HISTORY_PER_PAGE = 10;

export type HistoryState = 'idle' | 'loading' | 'ready' | 'error';

export class OrderHistoryStore {
  items: Order[] = [];
  total = 0;
  page = 1;
  state: HistoryState = 'idle';
  private request = 0;

  constructor(private readonly api: Pick<ApiClient, 'orderHistory'>) {
    makeObservable(this, {
      items: observableRef,
      total: observable,
      page: observable,
      state: observable,
      pageCount: computed,
      hasPrevious: computed,
      hasNext: computed,
      isEmpty: computed,
      load: action,
    });
  }

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.total / HISTORY_PER_PAGE));
  }

  get hasPrevious(): boolean {
    return this.page > 1;
  }

  get hasNext(): boolean {
    return this.page < this.pageCount;
  }

  get isEmpty(): boolean {
    return this.state === 'ready' && this.items.length === 0 && this.page === 1;
  }

  /** Loads a page; an answer to an older request than the latest is dropped. */
  async load(page: number): Promise<void> {
    const id = ++this.request;
    this.page = Number.isInteger(page) && page >= 1 ? page : 1;
    this.state = 'loading';
    try {
      const answer = await this.api.orderHistory({ query: { page: this.page, perPage: HISTORY_PER_PAGE } });
      if (id !== this.request) return;
      runInAction(() => {
        this.items = answer.items;
        this.total = answer.total;
        this.state = 'ready';
      });
    } catch (error) {
      if (id !== this.request) return;
      console.warn('order history failed to load', error);
      runInAction(() => (this.state = 'error'));
    }
  }
}
