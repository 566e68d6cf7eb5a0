import { TryItStore, type TryItSend } from './TryItStore';
import type { TryItRequest } from './tryItRequest';

function storeWith(send: TryItSend) {
  let n = 0;
  return new TryItStore({ origin: 'https://coinferry.test', send, newIdempotencyKey: () => `idem-${++n}` });
}

describe('TryItStore', () => {
  it('sends the order create with the key, shows the answer, and prefills "get an order" with the new order', async () => {
    const sent: TryItRequest[] = [];
    const store = storeWith(async (request) => {
      sent.push(request);
      return { status: 200, text: '{"orderId":"ord-42","state":"CREATION_END"}' };
    });
    store.ensureIdempotencyKey();
    store.setApiKey('ck_secret');
    expect(store.operation.id).toBe('partnerOrderCreate');
    await store.send();
    expect(sent).toHaveLength(1);
    expect(sent[0].headers).toContainEqual(['Idempotency-Key', 'idem-1']);
    expect(store.result).toMatchObject({ kind: 'answered', status: 200 });
    expect(store.result.kind === 'answered' && store.result.body).toContain('"orderId": "ord-42"');
    store.selectOperation('partnerOrder');
    expect(store.build.ok && store.build.request.url).toBe('https://coinferry.test/api/partner/v1/orders/ord-42');
  });

  it('an error answer is shown as the api put it (the §8 catalogue’s shape)', async () => {
    const store = storeWith(async () => ({ status: 401, text: '{"statusCode":401,"code":"ERR_UNAUTHORIZED","message":"Unknown API key"}' }));
    store.setApiKey('wrong');
    store.selectOperation('partnerPairs');
    await store.send();
    expect(store.result.kind === 'answered' && [store.result.status, JSON.parse(store.result.body).code]).toEqual([401, 'ERR_UNAUTHORIZED']);
  });

  it('no answer at all becomes ERR_SERVICE_UNAVAILABLE with status 0', async () => {
    const store = storeWith(async () => {
      throw new Error('Failed to fetch');
    });
    store.setApiKey('k');
    await store.send();
    expect(store.result.kind === 'failed' && store.result.error).toMatchObject({ statusCode: 0, code: 'ERR_SERVICE_UNAVAILABLE' });
  });

  it('nothing is sent while the request cannot be built; the problem shows then', async () => {
    const send = jest.fn<ReturnType<TryItSend>, Parameters<TryItSend>>();
    const store = storeWith(send);
    expect(store.showProblems).toBe(false);
    await store.send();
    expect(send).not.toHaveBeenCalled();
    expect(store.showProblems).toBe(true);
    expect(!store.build.ok && store.build.problem.field).toBe('apiKey');
    expect(store.result.kind).toBe('idle');
  });

  it('the idempotency key is made in the browser only, once, and renewed on request', () => {
    const store = storeWith(async () => ({ status: 200, text: '{}' }));
    expect(store.idempotencyKey).toBe('');
    store.ensureIdempotencyKey();
    store.ensureIdempotencyKey();
    expect(store.idempotencyKey).toBe('idem-1');
    store.renewIdempotencyKey();
    expect(store.idempotencyKey).toBe('idem-2');
  });
});
