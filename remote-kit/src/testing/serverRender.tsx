// A remote's pages as the shell's server renders them, for its ssr.test.tsx (`remote-kit/server-testing`). Those
// suites run in Node's environment (no window or document), so nothing here imports @testing-library.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { pageSamples, type ApiClient, type HostRoute, type HostServices, type RemoteName, type RemotePageProps, type RemotePagesOf } from 'shared-contracts';

/** What the remote's createTestHost (remote-kit/testing's createTestHostFor) is given here. */
interface ServerTestHostOptions {
  api: Partial<Record<keyof ApiClient, unknown>>;
  route: Partial<HostRoute>;
}

/**
 * Inside a remote's ssr.test.tsx `describe`: every page of `remote`, with the params of each of its sample paths
 * (`pageSamples`) and without loader data (its data loads after hydration), renders to a string in Node with its
 * page-title, and nothing is fetched during render.
 */
export function itRendersEveryPageOnTheServer<R extends RemoteName>(
  remote: R,
  pages: RemotePagesOf<R>,
  createTestHost: (o: ServerTestHostOptions) => HostServices,
): void {
  it.each(pageSamples(remote).map((s) => [s.path, s] as const))('%s renders in Node with its title', async (_path, { page, params }) => {
    const calls: string[] = [];
    const api = new Proxy({}, { get: (_t, key) => () => (calls.push(String(key)), new Promise(() => undefined)) });
    // a page whose code is a chunk of its own is loaded first, as the shell's server render waits for it
    await pages[page].preload?.();
    const Page: ComponentType<RemotePageProps> = pages[page];
    const html = renderToString(<Page host={createTestHost({ api, route: { params } })} />);
    expect(html).toContain('data-testid="page-title"');
    expect(calls).toEqual([]);
  });
}
