// The remote's half of the page-map contract (shared-contracts/src/pageMap.ts; the shell's half is
// shell/src/routing/pageMap.test.ts): every page renders with the params the shell's route table produces
// for each sample path, and shows what they say. A param renamed on either side fails one of the two.
import { act, cleanup, screen } from '@testing-library/react';
import { pageSamples, type PageName } from 'shared-contracts';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';

class SilentWebSocket {
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentWebSocket;
});
afterEach(cleanup);

const showsParams: Record<PageName<'mfe_exchange'>, (params: Readonly<Record<string, string>>) => void> = {
  Home: () => undefined,
  ExchangePair: (params) => expect(screen.getByTestId('page-title').textContent).toBe(`Exchange ${params.from.toUpperCase()} to ${params.to.toUpperCase()}`),
  PopularExchanges: () => undefined,
};

describe('mfe-exchange pages at the shell routes of the page map', () => {
  it.each(pageSamples('mfe_exchange').map((s) => [s.path, s.page, s] as const))('%s renders %s with its params', async (path, page, { params }) => {
    renderPage(pages[page], createTestHost({ route: { path, params } }));
    expect(screen.getByTestId('page-title')).toBeTruthy();
    showsParams[page](params);
    await act(async () => undefined);
  });
});
