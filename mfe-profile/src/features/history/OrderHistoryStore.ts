// The order history tab: one page of the signed-in user's orders at a time, newest first (server order), and
// the instrument catalogue's displayed precision (§9) for their amounts.
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ApiClient, InstrumentRef, RouteResponse } from 'shared-contracts';
import { LoadState } from 'remote-kit/load';

/** An order of the history, with the cashback (USDT) it earned the account, if any. */
export type HistoryOrder = RouteResponse<'orderHistory'>['items'][number];

export const HISTORY_PER_PAGE = 10;
/** §9 displayed precision when the catalogue does not (yet) know an order's instrument: claimed amounts' 8 decimals. */
const DEFAULT_PRECISION = 8;

const instrumentKey = (ref: Pick<InstrumentRef, 'currencyTitle' | 'networkTitle'>) => `${ref.currencyTitle}|${ref.networkTitle}`;

export class OrderHistoryStore {
  items: HistoryOrder[] = [];
  total = 0;
  page = 1;
  /** each page shows loading until its answer */
  readonly loadState = new LoadState({ what: 'order history' });
  /** precisionDecimals by currency and network, from the catalogue (all instruments, inactive ones too) */
  precisions: ReadonlyMap<string, number> = new Map();
  private instruments: Promise<void> | undefined;

  constructor(private readonly api: Pick<ApiClient, 'orderHistory' | 'instrumentsV2'>) {
    makeObservable(this, {
      items: observableRef,
      precisions: observableRef,
      total: observable,
      page: observable,
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
    return this.loadState.isReady && this.items.length === 0 && this.page === 1;
  }

  /** The displayed precision of an order's instrument (§9): the catalogue's, else DEFAULT_PRECISION. */
  precisionOf(ref: Pick<InstrumentRef, 'currencyTitle' | 'networkTitle'>): number {
    return this.precisions.get(instrumentKey(ref)) ?? DEFAULT_PRECISION;
  }

  /**
   * Loads the catalogue once, beside the first page: the rows do not wait for it (until it answers, or if it fails,
   * amounts use the default precision).
   */
  loadInstruments(): Promise<void> {
    if (this.instruments) return this.instruments;
    this.instruments = this.api.instrumentsV2({ query: { all: 'true' } }).then(
      (list) => {
        runInAction(() => {
          this.precisions = new Map(list.map((i) => [instrumentKey(i), i.precisionDecimals]));
        });
      },
      (error: unknown) => console.warn('instrument catalogue failed to load; amounts use the default precision', error),
    );
    return this.instruments;
  }

  /** Loads a page; an answer to an older request than the latest is dropped. */
  async load(page: number): Promise<void> {
    this.page = Number.isInteger(page) && page >= 1 ? page : 1;
    const query = { page: this.page, perPage: HISTORY_PER_PAGE };
    await this.loadState.load(
      () => this.api.orderHistory({ query }),
      (answer) => {
        this.items = answer.items;
        this.total = answer.total;
      },
    );
  }
}
