// Standalone dev host of a remote (`pnpm --filter mfe-X dev`): renders one page picked by `?page=Name`
// (`&lang=ru` for Russian, `&api=<origin>` for another api; every other query entry becomes a route param).
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { HostContext, type LocaleCode, type RemotePages } from 'shared-contracts';
import { createDevHost } from './devHost';

export { createDevHost, createI18n, type DevHostOptions } from './devHost';

export function mountStandalone(remote: { namespace: string; pages: RemotePages; resources: Record<LocaleCode, Record<string, string>> }): void {
  const query = new URLSearchParams(location.search);
  const pageName = query.get('page') ?? Object.keys(remote.pages)[0];
  const Page: ComponentType<{ host: ReturnType<typeof createDevHost> }> | undefined = remote.pages[pageName];
  const lng: LocaleCode = query.get('lang') === 'ru' ? 'ru' : 'en';
  const host = createDevHost({
    namespace: remote.namespace,
    resources: remote.resources,
    lng,
    apiBaseUrl: query.get('api') ?? undefined,
    route: { name: `${pageName}___${lng}`, path: location.pathname, params: Object.fromEntries(query), query },
  });
  createRoot(document.getElementById('root')!).render(
    Page ? (
      <HostContext.Provider value={host}>
        <Page host={host} />
      </HostContext.Provider>
    ) : (
      <p>
        Unknown page “{pageName}”. Pages:{' '}
        {Object.keys(remote.pages).map((p) => (
          <a key={p} href={`?page=${p}`}>
            {p}{' '}
          </a>
        ))}
      </p>
    ),
  );
}
