import type { Receipt } from 'shared-contracts';
import { ReceiptStore } from './ReceiptStore';

const receipt = { orderId: 'ord1', kid: 'k1', jws: 'eyJh.eyJi.c2ln', payload: { orderId: 'ord1' } } as unknown as Receipt;

describe('ReceiptStore', () => {
  it('loads the receipt once by id and destination address, and offers it as receipt-<id>.jws', async () => {
    const api = { orderReceipt: jest.fn(async () => receipt) };
    const store = new ReceiptStore({ api: api as never, orderId: 'ord1', destinationAddress: '0xdest' });
    expect(store.fileHref).toBeNull();
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(api.orderReceipt).toHaveBeenCalledTimes(1);
    expect(api.orderReceipt).toHaveBeenCalledWith({ query: { orderId: 'ord1', destinationAddress: '0xdest' } });
    expect(store.status).toBe('ready');
    expect(store.fileName).toBe('receipt-ord1.jws');
    expect(store.fileHref).toBe('data:application/jose;charset=us-ascii,eyJh.eyJi.c2ln');
    store.togglePrintable();
    expect(store.printable).toBe(true);
  });

  it('says so when the receipt cannot be loaded', async () => {
    const store = new ReceiptStore({
      api: { orderReceipt: jest.fn(async () => Promise.reject(new Error('down'))) } as never,
      orderId: 'o',
      destinationAddress: 'd',
    });
    await store.load();
    expect(store.status).toBe('failed');
  });
});
