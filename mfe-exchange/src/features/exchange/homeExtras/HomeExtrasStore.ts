// The home page's extras, loaded in the browser after the form: latest completed exchanges
// (`GET /api/v1/orders/public/latest`), public stats (`GET /api/v1/stats/public`), and beside the form (issue 25: the
// left column used the space for nothing) the popular pairs with their current rates and the service status now
// (`GET /api/v1/status`). Each part loads on its own; a failure just hides that part.
import { makeObservable, observableRef, runInAction } from 'mobx';
import type { ApiClient, HealthStatus, Instrument, RouteResponse } from 'shared-contracts';
import type { PopularExchangesApi, PopularExchangesStore } from '../../../popular/PopularExchangesStore';

export type LatestExchange = RouteResponse<'ordersPublicLatest'>[number];
export type PublicStats = RouteResponse<'statsPublic'>;
export type HomeExtrasApi = Pick<ApiClient, 'ordersPublicLatest' | 'statsPublic' | 'statusPage'> & PopularExchangesApi;

/** How many popular pairs home shows beside the form (the popular exchanges page lists them all). */
export const HOME_POPULAR_PAIRS = 5;

export class HomeExtrasStore {
  latest: LatestExchange[] = [];
  stats: PublicStats | null = null;
  /** The service's health now (the status page's first line); null until known or when it cannot be loaded. */
  status: HealthStatus | null = null;
  /** The popular pairs, made when the extras load: their store's code comes with the extras' chunk (issue 27). */
  popular: PopularExchangesStore | null = null;
  private disposed = false;

  private formInstruments: Promise<Instrument[]> | null = null;
  private loading: Promise<void> | null = null;

  constructor(private readonly api: HomeExtrasApi) {
    makeObservable(this, { latest: observableRef, stats: observableRef, status: observableRef, popular: observableRef });
  }

  private async loadPopular(): Promise<void> {
    const { api } = this;
    let popular: PopularExchangesStore;
    try {
      const { PopularExchangesStore } = await import(/* webpackChunkName: "home-extras" */ '../../../popular/PopularExchangesStore');
      popular = new PopularExchangesStore(
        {
          popularExchanges: () => api.popularExchanges(),
          rateOne: (input) => api.rateOne(input),
          instrumentsV2: (input) => this.formInstruments ?? api.instrumentsV2(input),
        },
        HOME_POPULAR_PAIRS,
      );
    } catch {
      return; // no code, no popular pairs: that part stays as it is, like any part that fails
    }
    if (this.disposed) return;
    runInAction(() => (this.popular = popular));
    await popular.load();
  }

  /**
   * The form's instruments when the page loads them anyway: the popular pairs are named with them rather than asking
   * for them again. Asks for nothing itself.
   */
  nameWithFormInstruments(formInstruments: Promise<Instrument[]>): void {
    this.formInstruments = formInstruments;
  }

  /**
   * Loads the extras once, when a part of them first comes into view (issue 27: below the fold, their nine requests and
   * answers no longer compete with the first view's scripts and hydration); later calls return the same load.
   */
  ensureLoaded(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  /** Every part at once, each shown as soon as it arrives (a slow one holds up no other). */
  async load(): Promise<void> {
    const apply = <T>(call: () => Promise<T>, set: (value: T) => void) =>
      call().then(
        (value) => {
          if (!this.disposed) runInAction(() => set(value));
        },
        () => undefined, // that part stays hidden
      );
    await Promise.all([
      apply(
        () => this.api.ordersPublicLatest(),
        (latest) => (this.latest = latest.slice(0, 10)),
      ),
      apply(
        () => this.api.statsPublic({ query: {} }),
        (stats) => (this.stats = stats),
      ),
      apply(
        () => this.api.statusPage(),
        (page) => (this.status = page.current),
      ),
      this.loadPopular(),
    ]);
  }

  dispose(): void {
    this.disposed = true;
    this.popular?.dispose();
  }
}
