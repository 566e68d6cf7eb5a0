// HostServices for a remote's render tests, with a stub api whose calls can be overridden
// (an unstubbed call never settles, so a test only sees what it set up).
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { HostContext, type ApiClient, type HostRoute, type HostServices, type LocaleCode, type RemotePageProps } from 'shared-contracts';
import { createDevHost } from './devHost';

export interface TestHostOptions {
  lng?: LocaleCode;
  api?: Partial<Record<keyof ApiClient, unknown>>;
  route?: Partial<HostRoute>;
}

export function createTestHostFor(remote: { namespace: string; resources: Record<LocaleCode, Record<string, string>> }) {
  return (o: TestHostOptions = {}): HostServices => {
    const api = new Proxy(o.api ?? {}, {
      get: (target, key) => (key in target ? target[key as keyof typeof target] : () => new Promise(() => undefined)),
    }) as unknown as ApiClient;
    return createDevHost({ namespace: remote.namespace, resources: remote.resources, lng: o.lng, api, route: o.route, wsUrl: 'ws://test/ws' });
  };
}

export function renderPage(Page: ComponentType<RemotePageProps>, host: HostServices) {
  return render(
    <HostContext.Provider value={host}>
      <Page host={host} />
    </HostContext.Provider>,
  );
}
