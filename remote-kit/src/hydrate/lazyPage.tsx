// A remote's page whose code is a chunk of its own (issue 27: the popular exchanges page's code is no part of home's
// first load). The host calls `preload()` before it hydrates a server-rendered page (contract 1.10), so hydration
// finds the page's code there and renders it at once; a page reached in the browser shows `fallback` while its chunk
// loads. The page is always inside one Suspense boundary, loaded or not, so the server's HTML and the hydrating
// render have the same shape, and it is always the page's own component (never a lazy stand-in first and the page
// later), so a render after the load keeps the page's state instead of mounting it again.
import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import type { RemotePage, RemotePageProps } from 'shared-contracts';

export function lazyPage(load: () => Promise<ComponentType<RemotePageProps>>, fallback: ReactNode = null): RemotePage & { preload: () => Promise<unknown> } {
  let Loaded: ComponentType<RemotePageProps> | null = null;
  let loading: Promise<ComponentType<RemotePageProps>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = null; // a failed chunk is asked for again by the next render or preload
        throw error;
      },
    );
    return loading;
  };
  function PageBody(props: RemotePageProps) {
    const Page = Loaded ?? use(preload());
    return <Page {...props} />;
  }
  function LazyPage(props: RemotePageProps) {
    return (
      <Suspense fallback={fallback}>
        <PageBody {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload });
}
