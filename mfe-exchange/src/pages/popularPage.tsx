// The popular exchanges page's code is its own chunk (issue 27: no part of home's first load): its loader and the
// host's hydration preload it; a visit from another page shows a skeleton while it loads.
import { lazyPage } from 'remote-kit/lazy-page';
import { Skeleton } from 'remote-kit/ui';
// Its stylesheets stay with `./pages`' own, which the server inlines in the page: a server-rendered page has its
// styles before any script runs (with the chunk's, the table had none until its chunk loaded, and moved).
import 'remote-kit/ui/Table.module.css';
import './PopularExchangesPage.module.css';

export const PopularExchangesPage = lazyPage(
  () => import(/* webpackChunkName: "popular-page" */ './PopularExchangesPage').then((chunk) => chunk.PopularExchangesPage),
  <Skeleton height="20rem" />,
);
