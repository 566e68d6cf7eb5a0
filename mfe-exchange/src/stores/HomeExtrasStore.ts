// The home page strip: latest completed exchanges (`GET /api/v1/orders/public/latest`) and public stats
// (`GET /api/v1/stats/public`). Each part loads on its own; a failure just hides that part.
import { makeObservable, observableRef, runInAction } from 'mobx';
import type { ApiClient, RouteResponse } from 'shared-contracts';

export type LatestExchange = RouteResponse<'ordersPublicLatest'>[number];
export type PublicStats = RouteResponse<'statsPublic'>;

export class HomeExtrasStore {
  latest: LatestExchange[] = [];
  stats: PublicStats | null = null;
  private disposed = false;

  constructor(private readonly api: Pick<ApiClient, 'ordersPublicLatest' | 'statsPublic'>) {
    makeObservable(this, { latest: observableRef, stats: observableRef });
  }

  async load(): Promise<void> {
    const [latest, stats] = await Promise.allSettled([this.api.ordersPublicLatest(), this.api.statsPublic({ query: {} })]);
    if (this.disposed) return;
    runInAction(() => {
      if (latest.status === 'fulfilled') this.latest = latest.value.slice(0, 10);
      if (stats.status === 'fulfilled') this.stats = stats.value;
    });
  }

  dispose(): void {
    this.disposed = true;
  }
}
