// Standalone dev host: `pnpm --filter mfe-order dev`, then http://localhost:8082/?page=Order&id=pending
// (`&lang=ru` for Russian, `&api=<origin>` to call another api origin; every other query entry becomes a route param and stays in the route query).
import { createRoot } from 'react-dom/client';
import { HostContext, type LocaleCode } from 'shared-contracts';
import { namespace, pages, resources } from './pages';
import { createDevHost } from './devHost';

const query = new URLSearchParams(location.search);
const pageName = query.get('page') ?? Object.keys(pages)[0];
const Page = pages[pageName];
const lng: LocaleCode = query.get('lang') === 'ru' ? 'ru' : 'en';
const host = createDevHost({
  namespace,
  resources,
  lng,
  apiBaseUrl: query.get('api') ?? undefined,
  route: { name: `${pageName}___${lng}`, path: location.pathname, params: Object.fromEntries(query), query },
});

const root = createRoot(document.getElementById('root')!);
root.render(
  Page ? (
    <HostContext.Provider value={host}>
      <Page host={host} />
    </HostContext.Provider>
  ) : (
    <p>
      Unknown page “{pageName}”. Pages: {Object.keys(pages).map((p) => <a key={p} href={`?page=${p}`}>{p} </a>)}
    </p>
  ),
);
