// Builds a HostServices for render tests, with a stub api whose calls can be overridden.
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { HostContext, type ApiClient, type HostRoute, type HostServices, type LocaleCode, type RemotePageProps } from 'shared-contracts';
import { createDevHost } from '../devHost';
import { namespace, resources } from '../i18n';

export function createTestHost(o: { lng?: LocaleCode; api?: Partial<Record<keyof ApiClient, unknown>>; route?: Partial<HostRoute> } = {}): HostServices {
  const api = new Proxy(o.api ?? {}, {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : () => new Promise(() => undefined)),
  }) as unknown as ApiClient;
  return createDevHost({ namespace, resources, lng: o.lng, api, route: o.route, wsUrl: 'ws://test/ws' });
}

export function renderPage(Page: ComponentType<RemotePageProps>, host: HostServices) {
  return render(
    <HostContext.Provider value={host}>
      <Page host={host} />
    </HostContext.Provider>,
  );
}
