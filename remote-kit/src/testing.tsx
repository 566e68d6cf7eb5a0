// HostServices for a remote's render tests, with a stub api whose calls can be overridden
// (an unstubbed call never settles, so a test only sees what it set up).
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { ApiClient, HostRoute, HostServices, HostSession, LocaleCode, RemotePageProps } from 'shared-contracts';
import { createDevHost, type DevHost } from './devHost';

export type { DevHost as TestHost } from './devHost';

export interface TestHostOptions {
  lng?: LocaleCode;
  api?: Partial<Record<keyof ApiClient, unknown>>;
  route?: Partial<HostRoute>;
  /** Replaces members of the session: a signed-in account, spied dialogs, a visitor id… */
  session?: Partial<HostSession>;
}

export function createTestHostFor(remote: { namespace: string; resources: Record<LocaleCode, Record<string, string>> }) {
  return (o: TestHostOptions = {}): DevHost => {
    const api = new Proxy(o.api ?? {}, {
      get: (target, key) => (key in target ? target[key as keyof typeof target] : () => new Promise(() => undefined)),
    }) as unknown as ApiClient;
    return createDevHost({ namespace: remote.namespace, resources: remote.resources, lng: o.lng, api, route: o.route, session: o.session, wsUrl: 'ws://test/ws' });
  };
}

export function renderPage(Page: ComponentType<RemotePageProps>, host: HostServices) {
  return render(<Page host={host} />);
}
