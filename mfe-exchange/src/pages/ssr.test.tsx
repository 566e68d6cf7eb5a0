/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The pages as the shell's server renders them: in Node (no window, document, timers or sockets), from the loader's
// data when there is some.
import { renderToString } from 'react-dom/server';
import type { ExchangeRequest, RemotePage } from 'shared-contracts';
import { BTC, ETH, USDT, pairData } from '../test/fixtures';
import { createTestHost } from '../test/testHost';
import { loaders } from './loaders';
import { pages } from './index';

const api = {
  instrumentsV2: async () => [BTC, ETH, USDT],
  pairsDefault: async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' }),
  rateOne: async ({ query }: { query: ExchangeRequest }) =>
    pairData([BTC, ETH, USDT].find((i) => i.slug === query.instrumentFromSlug)!, [BTC, ETH, USDT].find((i) => i.slug === query.instrumentToSlug)!),
  recommendedAmount: async () => ({ recommendedAmount: '0.5' }),
};
const ctx = <P extends object = Record<string, never>>(query = '', params = {} as P) => ({
  api: api as never,
  query: new URLSearchParams(query),
  params,
  locale: 'en' as const,
});

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

describe('server render of the exchange pages', () => {
  it('home with the loader data: the exchange form with the current rate and amounts', async () => {
    const initialData = await loaders.Home(ctx());
    const html = renderToString(<pages.Home host={createTestHost({ page: 'Home', initialData })} />);
    expect(html).toMatch(/data-testid="live-rate"[^>]*>1 BTC = 20\.41234567 ETH</);
    expect(html).toMatch(/data-testid="amount-send"[^>]*value="0\.5"|value="0\.5"[^>]*data-testid="amount-send"/);
    expect(text(html)).not.toContain('Loading');
  });

  it('pair page with the loader data: the pair and its rate', async () => {
    const params = { pair: 'exchange-eth-btc', from: 'eth', to: 'btc' };
    const initialData = await loaders.ExchangePair(ctx('', params));
    const html = renderToString(<pages.ExchangePair host={createTestHost({ page: 'ExchangePair', params, initialData })} />);
    expect(html).toMatch(/data-testid="live-rate"[^>]*>1 ETH = [\d.]+ BTC</);
  });

  it.each(Object.keys(pages) as (keyof typeof pages)[])(
    '%s without loader data (client navigation, failed loader): the loading state, nothing fetched in render',
    async (name) => {
      const calls: string[] = [];
      const spy = new Proxy({}, { get: (_t, key) => () => (calls.push(String(key)), new Promise(() => undefined)) });
      // a page whose code is a chunk of its own: the shell's server render waits for it (renderAllReady)
      await (pages[name] as RemotePage).preload?.();
      const Page = pages[name];
      const html = renderToString(
        <Page host={createTestHost({ api: spy as never, route: { params: { pair: 'exchange-btc-eth', from: 'btc', to: 'eth' } } })} />,
      );
      expect(html).toContain('data-testid="page-title"');
      expect(html).not.toContain('live-rate');
      expect(text(html)).toContain('Loading');
      expect(calls).toEqual([]);
    },
  );

  it('the index redirect query renders the home title while the browser redirects', () => {
    const html = renderToString(<pages.Home host={createTestHost({ route: { query: new URLSearchParams('cur_from=BTC&cur_to=ETH&ref=p1') } })} />);
    expect(html).toContain('data-testid="page-title"');
  });
});
