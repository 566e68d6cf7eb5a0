// HostServices for a remote's render tests, with a stub api whose calls can be overridden
// (an unstubbed call never settles, so a test only sees what it set up).
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import {
  pageSamples,
  type ApiClient,
  type HostRoute,
  type HostServices,
  type HostSession,
  type LocaleCode,
  type PageName,
  type PageParams,
  type RemoteName,
  type RemotePageProps,
  type RemotePagesOf,
} from 'shared-contracts';
import { createDevHost, type DevHost } from './devHost';
import { SilentWebSocket } from './socket/FakeWebSocket';

export type { DevHost as TestHost } from './devHost';
export { orderWith } from './testing/orderFixture';

/**
 * `page` names the page under test; its `params` are then typed from the page map (a param the page does not
 * have, or a missing required one, is a compile error). `route` sets any part of the route untyped.
 */
export interface TestHostOptions<R extends RemoteName, P extends PageName<R>> {
  lng?: LocaleCode;
  api?: Partial<Record<keyof ApiClient, unknown>>;
  page?: P;
  params?: PageParams<R, P>;
  query?: URLSearchParams;
  route?: Partial<HostRoute>;
  /** Replaces members of the session: a signed-in account, spied dialogs, a visitor id… */
  session?: Partial<HostSession>;
  /** host.initialData: what the page's loader gave a server-rendered page */
  initialData?: unknown;
}

export function createTestHostFor<R extends RemoteName>(remote: { name: R; namespace: string; resources: Record<LocaleCode, Record<string, string>> }) {
  return <P extends PageName<R> = never>(o: TestHostOptions<R, P> = {}): DevHost => {
    const api = new Proxy(o.api ?? {}, {
      get: (target, key) => (key in target ? target[key as keyof typeof target] : () => new Promise(() => undefined)),
    }) as unknown as ApiClient;
    const route: Partial<HostRoute> = {
      ...(o.page ? { name: `${o.page}___${o.lng ?? 'en'}` } : {}),
      ...(o.params ? { params: o.params as Readonly<Record<string, string>> } : {}),
      ...(o.query ? { query: o.query } : {}),
      ...o.route,
    };
    return createDevHost({
      namespace: remote.namespace,
      resources: remote.resources,
      lng: o.lng,
      api,
      route,
      session: o.session,
      initialData: o.initialData,
      wsUrl: 'ws://test/ws',
    });
  };
}

export function renderPage(Page: ComponentType<RemotePageProps>, host: HostServices) {
  return render(<Page host={host} />);
}

/** What a remote's `./pages` exports (`src/pages/index.ts`), as its pages.test.tsx reads it. */
export interface PagesModule {
  namespace: string;
  pages: Record<string, ComponentType<RemotePageProps>>;
  /** contract 1.2: one locale's texts, each locale its own chunk */
  loadResources(locale: LocaleCode): Promise<Record<string, string>>;
}

/** The keys the ru texts must have: every en key, and for each counted phrase (`x_one`) also `x_few` and `x_many`. */
export function ruKeysOf(en: Record<string, string>): string[] {
  return Object.keys(en)
    .flatMap((k) => (k.endsWith('_one') ? [k, k.replace(/_one$/, '_few'), k.replace(/_one$/, '_many')] : [k]))
    .sort();
}

/**
 * The checks every remote's pages.test.tsx starts with, inside its own `describe`: `./pages` exports exactly the
 * pages of `titles`, the namespace `namespace`, `loadResources` giving the same keys in both locales; each page renders its
 * page-title (`titles[page]` = [en, ru]) in both locales with the host `host(lng)` makes.
 */
export function itExportsPagesWithTitles(
  mod: PagesModule,
  namespace: string,
  titles: Record<string, [string, string]>,
  host: (lng: 'en' | 'ru') => HostServices,
): void {
  it('exports the pages, namespace and one-locale texts (loadResources) of ARCHITECTURE.md', async () => {
    expect(Object.keys(mod.pages).sort()).toEqual(Object.keys(titles).sort());
    expect(mod.namespace).toBe(namespace);
    const [en, ru] = await Promise.all([mod.loadResources('en'), mod.loadResources('ru')]);
    expect(Object.keys(en).length).toBeGreaterThan(0);
    expect(Object.keys(ru).sort()).toEqual(ruKeysOf(en));
    expect(ru).not.toEqual(en);
  });

  it.each(
    Object.entries(titles).flatMap(([name, [en, ru]]) => [
      ['en', name, en],
      ['ru', name, ru],
    ]),
  )('%s %s renders its page-title', (lng, name, title) => {
    renderPage(mod.pages[name], host(lng as 'en' | 'ru'));
    expect(screen.getByTestId('page-title').textContent).toBe(title);
  });
}

export interface PageSampleTestOptions<R extends RemoteName> {
  /** What each page shows of its params, checked after it renders (`params` = the sample's). */
  showsParams?: Partial<Record<PageName<R>, (params: Readonly<Record<string, string>>) => void>>;
  /** Replace the global WebSocket with one that never connects (before all the renders). */
  silentWebSocket?: boolean;
  /** Let the page settle (`await act(…)`) after the checks. */
  settle?: boolean;
}

/**
 * The remote's half of the page-map contract, inside a remote's routes.test.tsx `describe`: every page renders
 * with the params the shell's route table produces for each sample path of `remote` (`pageSamples`), shows a
 * page-title, and then what `showsParams[page]` expects of those params.
 */
export function itRendersEveryPageSample<R extends RemoteName>(
  remote: R,
  pages: RemotePagesOf<R>,
  host: (route: { path: string; params: Readonly<Record<string, string>> }) => HostServices,
  o: PageSampleTestOptions<R> = {},
): void {
  if (o.silentWebSocket) {
    beforeAll(() => {
      (globalThis as { WebSocket: unknown }).WebSocket = SilentWebSocket;
    });
  }
  it.each(pageSamples(remote).map((s) => [s.path, s.page, s] as const))('%s renders %s with its params', async (path, page, { params }) => {
    // a page whose code is a chunk of its own is loaded first, as the shell does before hydrating it
    await pages[page].preload?.();
    renderPage(pages[page], host({ path, params }));
    expect(screen.getByTestId('page-title')).toBeTruthy();
    o.showsParams?.[page]?.(params);
    if (o.settle) await act(async () => undefined);
  });
}
