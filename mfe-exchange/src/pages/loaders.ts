// The first view's data of the exchange pages, loaded by the server before it renders them (`host.initialData`).
import { pageQuery, type RemoteLoadersOf } from 'shared-contracts';
import { loadExchangeSnapshot } from '../features/exchange/exchangeSnapshot';
import { PopularExchangesPage } from './popularPage';

export const loaders = {
  Home: async ({ api, query }) => {
    // §2 index redirect: the page only navigates away, in the browser
    if (query.get('cur_from') && query.get('cur_to')) return undefined;
    const q = pageQuery({ query }, 'mfe_exchange', 'Home');
    return loadExchangeSnapshot(api, { from: q.send, to: q.receive, amount: q.amount });
  },
  ExchangePair: async ({ api, params, query }) => {
    const { amount } = pageQuery({ query }, 'mfe_exchange', 'ExchangePair');
    return loadExchangeSnapshot(api, { from: params.from.toLowerCase() || undefined, to: params.to.toLowerCase() || undefined, amount, pairInPath: true });
  },
  // issue 27: the whole list with every pair's rate, so the table is in the first HTML (no skeleton, no shift)
  // the page's own chunk loads beside its data, so the server renders it within the same wait
  PopularExchanges: async ({ api }) => {
    const [{ loadPopularSnapshot }] = await Promise.all([
      import(/* webpackChunkName: "popular-page" */ '../popular/PopularExchangesStore'),
      PopularExchangesPage.preload().catch(() => undefined),
    ]);
    return loadPopularSnapshot(api);
  },
} satisfies RemoteLoadersOf<'mfe_exchange'>;
