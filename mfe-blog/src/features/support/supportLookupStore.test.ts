import { ApiError } from 'shared-contracts';
import { SupportLookupStore } from './supportLookupStore';

describe('SupportLookupStore', () => {
  it('sends the trimmed hash with the locale and says sent whatever the api found', async () => {
    const supportOrderLookup = jest.fn().mockResolvedValue({ ok: true });
    const store = new SupportLookupStore({ api: { supportOrderLookup }, locale: 'en' });
    store.set('  0xabc123def456  ');
    await store.submit();
    expect(supportOrderLookup).toHaveBeenCalledWith({ body: { txHash: '0xabc123def456', locale: 'en' } });
    expect(store.state).toBe('sent');
    store.reset();
    expect([store.state, store.txHash]).toEqual(['editing', '']);
  });

  it('refuses a hash that is too short or has spaces, without asking', async () => {
    const supportOrderLookup = jest.fn();
    const store = new SupportLookupStore({ api: { supportOrderLookup }, locale: 'en' });
    for (const bad of ['abc', '0xabc 123def']) {
      store.set(bad);
      await store.submit();
      expect(store.error).toBe('support_lookup_error_hash');
    }
    expect(supportOrderLookup).not.toHaveBeenCalled();
  });

  it('says too many on a 429 and stays editable', async () => {
    const supportOrderLookup = jest.fn().mockRejectedValue(new ApiError({ statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS', message: 'slow' }));
    const store = new SupportLookupStore({ api: { supportOrderLookup }, locale: 'en' });
    store.set('0xabc123def456');
    await store.submit();
    expect([store.state, store.error]).toEqual(['editing', 'support_error_too_many']);
  });
});
