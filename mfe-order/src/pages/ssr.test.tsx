/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// The order page as the shell's server renders it: in Node (no window, document, timers or sockets), from the
// loader's data when there is some.
import { renderToString } from 'react-dom/server';
import { orderWith } from 'remote-kit/testing';
import { PAYMENT_URL, cardOrderWith } from '../test/cardOrder';
import { createTestHost } from '../test/testHost';
import { loaders } from './loaders';
import { pages } from './index';

function render(id: string, query: string, initialData?: unknown, api: object = {}) {
  const host = createTestHost({ page: 'Order', params: { id }, query: new URLSearchParams(query), initialData, api });
  return renderToString(<pages.Order host={host} />);
}

describe('server render of the order page', () => {
  it('with the loader data: the order (steps, amounts, deposit address)', async () => {
    const base = orderWith(['CREATION_END'], { rateMode: 'FIXED' });
    const order = { ...base, orderDetails: { ...base.orderDetails, fixedRateExpiresAt: '2030-01-01T00:15:00.000Z' } };
    const initialData = await loaders.Order({
      api: { orderPublicInfo: async () => order } as never,
      params: { id: 'ord1' },
      query: new URLSearchParams('destinationAddress=0xdest'),
      locale: 'en',
    });
    const html = render('ord1', 'destinationAddress=0xdest', initialData);
    expect(html).toContain('data-testid="order-steps"');
    expect(html).toContain(`data-testid="deposit-address">${order.orderDetails.depositAddress}<`);
    expect(html).toContain(order.claimedDepositAmount);
    expect(html).toContain('data-testid="time-left">Fixed rate held for –:––<');
    expect(html).not.toContain('aria-busy="true"');
  });

  it('a card order awaiting its payment: the pay block with its link, no deposit address, no modal (issue 12)', async () => {
    const initialData = await loaders.Order({
      api: { orderPublicInfo: async () => cardOrderWith(['CREATION_END']) } as never,
      params: { id: 'ord1' },
      query: new URLSearchParams('destinationAddress=0xdest'),
      locale: 'en',
    });
    const html = render('ord1', 'destinationAddress=0xdest', initialData);
    expect(html).toContain('data-testid="card-payment"');
    expect(html).toMatch(new RegExp(`<a [^>]*href="${PAYMENT_URL}"[^>]*target="_blank"[^>]*data-testid="card-pay-link"`));
    expect(html).toContain('Amount to pay: 150 USD');
    expect(html).not.toContain('deposit-address');
    expect(html).not.toContain('order-redirect-modal');
  });

  it('without data (client navigation, failed loader): the loading state, nothing fetched in render', () => {
    const calls: string[] = [];
    const spy = new Proxy({}, { get: (_t, key) => () => (calls.push(String(key)), new Promise(() => undefined)) });
    const html = render('ord1', 'destinationAddress=0xdest', undefined, spy);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('order-steps');
    expect(calls).toEqual([]);
  });

  it('data of another order is not shown for this one', async () => {
    const initialData = await loaders.Order({
      api: { orderPublicInfo: async () => orderWith(['CREATION_END']) } as never,
      params: { id: 'ord1' },
      query: new URLSearchParams('destinationAddress=0xdest'),
      locale: 'en',
    });
    expect(render('ord2', 'destinationAddress=0xdest', initialData)).not.toContain('order-steps');
  });

  it('/order/pending renders its pending text', () => {
    const html = render('pending', '');
    expect(html).toContain('data-testid="page-title"');
    expect(html).not.toContain('aria-busy="true"');
  });
});
