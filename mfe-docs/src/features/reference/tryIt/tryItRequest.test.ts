import { operationById } from './operations';
import { buildTryItRequest, curlCommand, maskKey, prettyBody, shownHeaders } from './tryItRequest';

const input = { origin: 'https://coinferry.test', apiKey: 'ck_live_secret_123', params: {}, json: '', idempotencyKey: 'idem-1' };

describe('try-it requests', () => {
  it('order create: POST with JSON body, the key and an Idempotency-Key; curl shows $API_KEY unless asked', () => {
    const op = operationById('partnerOrderCreate');
    const build = buildTryItRequest(op, { ...input, json: op.sample });
    if (!build.ok) throw new Error('expected a request');
    const { request } = build;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://coinferry.test/api/partner/v1/orders');
    expect(request.headers).toEqual([
      ['accept', 'application/json'],
      ['content-type', 'application/json'],
      ['x-api-key', 'ck_live_secret_123'],
      ['Idempotency-Key', 'idem-1'],
    ]);
    expect(JSON.parse(request.body ?? '')).toMatchObject({ rateMode: 'FLOATING', claimedDepositAmount: '0.01' });
    expect(shownHeaders(request).find(([n]) => n === 'x-api-key')?.[1]).toBe(maskKey('ck_live_secret_123'));
    expect(maskKey('ck_live_secret_123')).not.toContain('secret');

    const curl = curlCommand(request, false);
    expect(curl).toContain(`curl -X POST 'https://coinferry.test/api/partner/v1/orders'`);
    expect(curl).toContain(`-H "x-api-key: $API_KEY"`);
    expect(curl).not.toContain('ck_live_secret_123');
    expect(curl).toContain(`-H 'Idempotency-Key: idem-1'`);
    expect(curlCommand(request, true)).toContain(`-H 'x-api-key: ck_live_secret_123'`);
  });

  it('a body with a quote stays one shell word in curl', () => {
    const op = operationById('partnerOrderCreate');
    const build = buildTryItRequest(op, { ...input, json: `{"destinationAddress":"it's"}` });
    if (!build.ok) throw new Error('expected a request');
    expect(curlCommand(build.request, false)).toContain(`--data-raw '{"destinationAddress":"it'\\''s"}'`);
  });

  it('a rate: the JSON object becomes the query string; get an order fills its path', () => {
    const rate = buildTryItRequest(operationById('partnerRate'), { ...input, json: '{"instrumentToSlug":"eth","claimedDepositAmount":"0.5"}' });
    expect(rate.ok && rate.request.url).toBe('https://coinferry.test/api/partner/v1/rates?instrumentToSlug=eth&claimedDepositAmount=0.5');
    expect(rate.ok && rate.request.body).toBeNull();
    const order = buildTryItRequest(operationById('partnerOrder'), { ...input, params: { orderId: 'ord 1/x' } });
    expect(order.ok && order.request.url).toBe('https://coinferry.test/api/partner/v1/orders/ord%201%2Fx');
    expect(order.ok && order.request.headers.map(([n]) => n)).toEqual(['accept', 'x-api-key']);
  });

  it('says what is missing: the key, a path parameter, valid JSON, an object', () => {
    expect(buildTryItRequest(operationById('partnerPairs'), { ...input, apiKey: '  ' })).toEqual({
      ok: false,
      problem: { field: 'apiKey', message: 'tryit_err_key' },
    });
    expect(buildTryItRequest(operationById('partnerOrder'), input)).toEqual({
      ok: false,
      problem: { field: 'param', message: 'tryit_err_param', values: { name: 'orderId' } },
    });
    const bad = buildTryItRequest(operationById('partnerOrderCreate'), { ...input, json: '{"a":' });
    expect(!bad.ok && bad.problem.message).toBe('tryit_err_json');
    expect(buildTryItRequest(operationById('partnerOrderCreate'), { ...input, json: '[1]' })).toEqual({
      ok: false,
      problem: { field: 'json', message: 'tryit_err_object' },
    });
  });

  it('answers read pretty-printed when they are JSON', () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody('<html>')).toBe('<html>');
  });
});
