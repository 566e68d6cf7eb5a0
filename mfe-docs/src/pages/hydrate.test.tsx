// The browser's first render of a server-rendered docs page equals the server's: hydrating the server markup with the
// same loader data logs no mismatch and fetches nothing again; the API reference shows its placeholder on the server
// and loads Redoc only after hydration.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ComponentType } from 'react';
import type { RemotePageProps } from 'shared-contracts';
import { createTestHost } from '../test/testHost';
import { fakeDocsApi } from '../test/docsFixtures';
import { loaders } from './loaders';
import { pages } from './index';

jest.mock('../features/reference/RedocView', () => ({ RedocView: () => <div data-testid="redoc-mock">redoc</div> }));

const CASES = [
  ['en', 'Docs', null],
  ['ru', 'Docs', null],
  ['en', 'DocsPage', 'orders'],
  ['ru', 'DocsPage', 'orders'],
  ['en', 'DocsPage', 'api-reference'],
  ['ru', 'DocsPage', 'api-reference'],
] as const;

it.each(CASES)('%s %s %s hydrates the server markup without a mismatch or a second fetch', async (lng, page, slug) => {
  const calls: string[] = [];
  const query = new URLSearchParams();
  const params: Record<string, string> = slug ? { slug } : {};
  const initialData =
    page === 'Docs'
      ? await loaders.Docs({ api: fakeDocsApi() as never, params: {}, query, locale: lng })
      : await loaders.DocsPage({ api: fakeDocsApi() as never, params: { slug: slug ?? '' }, query, locale: lng });
  const api = { ...fakeDocsApi({ calls }), openApiDocument: async () => ({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }) };
  const host = () => createTestHost({ lng, route: { path: slug ? `/docs/${slug}` : '/docs', params }, initialData, api });
  const Page: ComponentType<RemotePageProps> = pages[page];
  const container = document.createElement('div');
  // the server does not know the sandbox flag (shell/src/ssr/render.tsx: false); the browser does
  const serverHost = host();
  serverHost.config = { ...serverHost.config, sandbox: false };
  container.innerHTML = renderToString(<Page host={serverHost} />);
  document.body.append(container);
  if (slug === 'api-reference') {
    expect(container.querySelector('[data-testid="api-reference-placeholder"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="try-it"]')).not.toBeNull();
  }
  const errors = jest.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Page host={host()} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  expect(recoverable).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  expect(calls).toEqual([]);
  if (slug === 'api-reference') expect(container.querySelector('[data-testid="redoc-mock"]')).not.toBeNull();
  container.remove();
});
