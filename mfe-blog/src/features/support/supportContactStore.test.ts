import { ApiError } from 'shared-contracts';
import { SupportContactStore } from './supportContactStore';

const ORDER = '3f2a1c9e-1b2c-4d5e-8f90-123456789abc';

function storeWith(supportRequestCreate: jest.Mock, email = '') {
  return new SupportContactStore({ api: { supportRequestCreate }, locale: 'ru' }, email);
}

function fill(store: SupportContactStore, values: Partial<Record<'email' | 'subject' | 'orderId' | 'message', string>>) {
  for (const [field, value] of Object.entries(values)) store.set(field as never, value);
}

describe('SupportContactStore', () => {
  it('prefills the email, sends the trimmed fields with the locale and keeps the ticket id', async () => {
    const api = jest.fn().mockResolvedValue({ ticketId: 'SR-ABCD2345' });
    const store = storeWith(api, 'me@example.com');
    expect(store.values.email).toBe('me@example.com');
    fill(store, { subject: '  Late payout ', orderId: ` ${ORDER} `, message: '  Where is my payout, please?  ' });
    await store.submit();
    expect(api).toHaveBeenCalledWith({
      body: { email: 'me@example.com', subject: 'Late payout', orderId: ORDER, message: 'Where is my payout, please?', locale: 'ru' },
    });
    expect(store.state).toBe('sent');
    expect(store.ticketId).toBe('SR-ABCD2345');
  });

  it('leaves out an empty subject and order id', async () => {
    const api = jest.fn().mockResolvedValue({ ticketId: 'SR-ABCD2345' });
    const store = storeWith(api);
    fill(store, { email: 'a@b.co', message: 'A question about fees' });
    await store.submit();
    expect(api.mock.calls[0][0].body).toEqual({ email: 'a@b.co', message: 'A question about fees', locale: 'ru' });
  });

  it('does not send invalid fields: each error is on its field', async () => {
    const api = jest.fn();
    const store = storeWith(api);
    fill(store, { email: 'not-an-email', orderId: 'order-42', message: 'short' });
    await store.submit();
    expect(api).not.toHaveBeenCalled();
    expect(store.errors).toEqual({ email: 'support_error_email', orderId: 'support_error_order_format', message: 'support_error_message' });
    expect(store.state).toBe('editing');
    store.set('orderId', ORDER);
    expect(store.errors.orderId).toBeUndefined();
  });

  it("puts the api's unknown order on the order id field", async () => {
    const api = jest
      .fn()
      .mockRejectedValue(
        new ApiError({ statusCode: 404, code: 'ERR_NOT_FOUND', message: 'No order with this id', fields: { orderId: 'no order with this id' } }),
      );
    const store = storeWith(api);
    fill(store, { email: 'a@b.co', orderId: ORDER, message: 'About my order please' });
    await store.submit();
    expect(store.errors).toEqual({ orderId: 'support_error_order_unknown' });
    expect(store.state).toBe('editing');
  });

  it('says too many requests on a 429 and failed on anything else', async () => {
    const api = jest.fn().mockRejectedValueOnce(new ApiError({ statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS', message: 'slow down' }));
    const store = storeWith(api);
    fill(store, { email: 'a@b.co', message: 'A question about fees' });
    await store.submit();
    expect(store.formError).toBe('support_error_too_many');
    api.mockRejectedValueOnce(new TypeError('network'));
    await store.submit();
    expect(store.formError).toBe('support_error_failed');
  });

  it('reset keeps the email for another request', async () => {
    const store = storeWith(jest.fn().mockResolvedValue({ ticketId: 'SR-ABCD2345' }));
    fill(store, { email: 'a@b.co', subject: 'x', message: 'A question about fees' });
    await store.submit();
    store.reset();
    expect(store.values).toEqual({ email: 'a@b.co', subject: '', orderId: '', message: '' });
    expect([store.state, store.ticketId]).toEqual(['editing', null]);
  });
});
