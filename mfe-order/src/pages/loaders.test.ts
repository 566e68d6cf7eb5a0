import { ApiError, type ApiClient } from 'shared-contracts';
import { orderWith } from 'remote-kit/testing';
import { snapshotInstruments, snapshotOrder } from '../features/order/orderSnapshot';
import { BTC, CATALOGUE, ETH } from '../test/instruments';
import { loaders } from './loaders';

const ctx = (api: Partial<Pick<ApiClient, 'orderPublicInfo' | 'instrumentsV2'>>, id: string, query = '') => ({
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

  it("carries the catalogue entries of the order's two instruments (precision, explorers), fetched alongside", async () => {
    const api = { orderPublicInfo: jest.fn(async () => orderWith(['CREATION_END'])), instrumentsV2: jest.fn(async () => CATALOGUE) };
    const data = await loaders.Order(ctx(api, 'ord1', 'destinationAddress=0xdest'));
    expect(api.instrumentsV2).toHaveBeenCalledWith({ query: { all: 'true' } });
    expect(snapshotInstruments(data, 'ord1', '0xdest')).toEqual([BTC, ETH]);
    expect(snapshotInstruments(data, 'ord2', '0xdest')).toBeUndefined();
  });

  it('a catalogue failure still gives the order (no instruments: default precision, no explorer links)', async () => {
    const api = { orderPublicInfo: jest.fn(async () => orderWith(['CREATION_END'])), instrumentsV2: jest.fn(async () => Promise.reject(new Error('down'))) };
    const data = await loaders.Order(ctx(api, 'ord1', 'destinationAddress=0xdest'));
    expect(snapshotOrder(data, 'ord1', '0xdest')?.orderId).toBe('ord1');
    expect(snapshotInstruments(data, 'ord1', '0xdest')).toBeUndefined();
  });

  it.each([
    ['pending', ''],
    ['ord1', ''],
    ['ord1', 'destinationAddress=%20'],
  ])('/order/%s?%s: no data and no request', async (id, query) => {
    const api = { orderPublicInfo: jest.fn(), instrumentsV2: jest.fn() };
    expect(await loaders.Order(ctx(api, id, query))).toBeUndefined();
    expect(api.orderPublicInfo).not.toHaveBeenCalled();
    expect(api.instrumentsV2).not.toHaveBeenCalled();
  });

  it('any error (unknown order, api down): no data, the browser fetches and shows its own state', async () => {
    const notFound = { orderPublicInfo: jest.fn(async () => Promise.reject(ApiError.of('ERR_NOT_FOUND_E', 'no such order'))) };
    const down = { orderPublicInfo: jest.fn(async () => Promise.reject(new TypeError('fetch failed'))) };
    expect(await loaders.Order(ctx(notFound, 'ord1', 'destinationAddress=0xdest'))).toBeUndefined();
    expect(await loaders.Order(ctx(down, 'ord1', 'destinationAddress=0xdest'))).toBeUndefined();
  });
});
