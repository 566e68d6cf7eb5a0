import { cleanup, screen } from '@testing-library/react';
import { namespace, pages, resources } from './index';
import { createTestHost, renderPage } from '../test/testHost';

afterEach(cleanup);

describe('mfe-order ./pages', () => {
  it('exports the pages, namespace and resources of ARCHITECTURE.md', () => {
    expect(Object.keys(pages)).toEqual(['Order']);
    expect(namespace).toBe('mfe-order');
    expect(Object.keys(resources.ru).sort()).toEqual(Object.keys(resources.en).sort());
  });

  it.each([
    ['en', 'abc123', 'Order'],
    ['ru', 'abc123', 'Заказ'],
    ['en', 'pending', 'Pending order'],
    ['ru', 'pending', 'Заказ в обработке'],
  ] as const)('%s Order (id %s) renders its page-title', (lng, id, title) => {
    renderPage(pages.Order, createTestHost({ lng, route: { params: { id } } }));
    expect(screen.getByTestId('page-title').textContent).toBe(title);
    expect(screen.queryByTestId('order-id')?.textContent ?? null).toBe(id === 'pending' ? null : lng === 'en' ? `Order ID: ${id}` : `Номер заказа: ${id}`);
  });
});
