// The browser's first render of a server-rendered blog page equals the server's: hydrating the server markup with the
// same loader data logs no mismatch (the date is formatted in UTC, the sidebar and pager come from the same data).
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ApiClient } from 'shared-contracts';
import { createTestHost } from '../test/testHost';
import { fakeBlogApi } from '../test/blogFixtures';
import { loaders, pages } from './index';

const CASES = [
  ['Blog', {}],
  ['Blog', { page: '3' }],
  ['BlogPost', { slug: 'guides/fixed-vs-floating-rate' }],
  ['BlogPost', { slug: 'guides', page: '2' }],
  ['Roadmap', {}],
] as const;

it.each((['en', 'ru'] as const).flatMap((lng) => CASES.map(([page, params]) => [lng, page, params] as const)))(
  '%s %s %j hydrates the server markup without a mismatch or a fetch',
  async (lng, page, params) => {
    const initialData = await loaders[page]({ api: fakeBlogApi() as unknown as ApiClient, params: params as never, query: new URLSearchParams(), locale: lng });
    const api = fakeBlogApi();
    const host = () => createTestHost({ lng, api, initialData, route: { params } });
    const Page = pages[page];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page host={host()} />);
    document.body.append(container);
    const errors = jest.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page host={host()} />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(Object.values(api).filter((f) => f.mock.calls.length > 0)).toEqual([]);
    container.remove();
  },
);
