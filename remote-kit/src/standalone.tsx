// Standalone dev host of a remote (`pnpm --filter mfe-X dev`): renders one page picked by `?page=Name`
// (`&lang=ru` for Russian, `&api=<origin>` for another api; every other query entry becomes a route param).
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { LocaleCode, RemotePageProps, RemotePages } from 'shared-contracts';
import { createDevHost } from './devHost';

export { createDevHost, createI18n, type DevHostOptions } from './devHost';

export async function mountStandalone(remote: {
  namespace: string;
  pages: RemotePages;
  loadResources(locale: LocaleCode): Promise<Record<string, string>>;
}): Promise<void> {
  const query = new URLSearchParams(location.search);
  const pageName = query.get('page') ?? Object.keys(remote.pages)[0];
  const Page: ComponentType<RemotePageProps> | undefined = remote.pages[pageName];
  const lng: LocaleCode = query.get('lang') === 'ru' ? 'ru' : 'en';
  const host = createDevHost({
    namespace: remote.namespace,
    resources: { [lng]: await remote.loadResources(lng) } as Record<LocaleCode, Record<string, string>>,
    lng,
    apiBaseUrl: query.get('api') ?? undefined,
    route: { name: `${pageName}___${lng}`, path: location.pathname, params: Object.fromEntries(query), query },
    followUrl: true,
  });
  const root = document.getElementById('root')!;
  // a mark only this dev host carries: tooling/lint/remote-builds.test.mjs finds it in no remote's production dist/
  root.setAttribute('data-standalone-dev-host', 'remote-kit');
  createRoot(root).render(
    Page ? (
      <Page host={host} />
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
