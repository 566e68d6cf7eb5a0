/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Every page as the shell's server renders it: in Node (no window, document, timers or sockets) and without loader
// data (its data loads after hydration), nothing fetched during render.
import { renderToString } from 'react-dom/server';
import { pageSamples } from 'shared-contracts';
import { createTestHost } from '../test/testHost';
import { pages } from './index';

describe('server render of the mfe-blog pages', () => {
  it.each(pageSamples('mfe_blog').map((s) => [s.path, s] as const))('%s renders in Node with its title', (_path, { page, params }) => {
    const calls: string[] = [];
    const api = new Proxy({}, { get: (_t, key) => () => (calls.push(String(key)), new Promise(() => undefined)) });
    const Page = pages[page];
    const html = renderToString(<Page host={createTestHost({ api: api as never, route: { params } })} />);
    expect(html).toContain('data-testid="page-title"');
    expect(calls).toEqual([]);
  });
});
