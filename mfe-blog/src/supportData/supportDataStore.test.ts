import { SupportDataStore } from './supportDataStore';

describe('SupportDataStore', () => {
  it("starts ready with the server's data and does not fetch it again", () => {
    const fetch = jest.fn();
    const store = new SupportDataStore(fetch, { items: [] });
    store.start();
    expect([store.state, store.data]).toEqual(['ready', { items: [] }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches after mount without server data, and retries after an error', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = jest
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ items: [1] });
    const store = new SupportDataStore(fetch);
    expect(store.state).toBe('loading');
    store.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.state).toBe('error');
    await store.load();
    expect([store.state, store.data]).toEqual(['ready', { items: [1] }]);
    warn.mockRestore();
  });
});
