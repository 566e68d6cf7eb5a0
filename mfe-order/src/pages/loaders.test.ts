import { ApiError, type ApiClient } from 'shared-contracts';
import { orderWith } from 'remote-kit/testing';
import { snapshotOrder } from '../order/orderSnapshot';
import { loaders } from './loaders';

const ctx = (api: Pick<ApiClient, 'orderPublicInfo'>, id: string, query = '') => ({
  api: api as ApiClient,
  params: { id },
  query: new URLSearchParams(query),
  locale: 'en' as const,
});

describe('order page loader (the server-rendered first view)', () => {
  it('/order/{id}?destinationAddress=…: the public order info, as JSON the page takes back for that order', async () => {
    const api = { orderPublicInfo: jest.fn(async () => orderWith(['CREATION_END'])) };
    const data = await loaders.Order(ctx(api, 'ord1', 'destinationAddress=0xdest'));
    expect(api.orderPublicInfo).toHaveBeenCalledWith({ query: { orderId: 'ord1', destinationAddress: '0xdest' } });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(snapshotOrder(data, 'ord1', '0xdest')?.orderId).toBe('ord1');
    expect(snapshotOrder(data, 'ord2', '0xdest')).toBeUndefined();
    expect(snapshotOrder(data, 'ord1', '0xother')).toBeUndefined();
  });

  it.each([
    ['pending', ''],
    ['ord1', ''],
    ['ord1', 'destinationAddress=%20'],
  ])('/order/%s?%s: no data and no request', async (id, query) => {
    const api = { orderPublicInfo: jest.fn() };
    expect(await loaders.Order(ctx(api, id, query))).toBeUndefined();
    expect(api.orderPublicInfo).not.toHaveBeenCalled();
  });

  it('any error (unknown order, api down): no data, the browser fetches and shows its own state', async () => {
    const notFound = { orderPublicInfo: jest.fn(async () => Promise.reject(ApiError.of('ERR_NOT_FOUND_E', 'no such order'))) };
    const down = { orderPublicInfo: jest.fn(async () => Promise.reject(new TypeError('fetch failed'))) };
    expect(await loaders.Order(ctx(notFound, 'ord1', 'destinationAddress=0xdest'))).toBeUndefined();
    expect(await loaders.Order(ctx(down, 'ord1', 'destinationAddress=0xdest'))).toBeUndefined();
  });
});
