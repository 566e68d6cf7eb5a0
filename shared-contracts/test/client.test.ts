// The §7 retry and timeout policy, proven against a real local HTTP server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createApiClient, RETRY_STATUS_CODES } from '../src';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let server: http.Server;
let baseUrl: string;
let handler: Handler;
const hits: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push({ method: req.method!, url: req.url!, headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
});

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const okHealth = { status: 'OK', version: '1', sandbox: { market: true, custody: true, provider: true, mail: true }, checks: {} };

describe('GET retry policy (§7)', () => {
  it.each(RETRY_STATUS_CODES)('retries a GET once after %i, then succeeds', async (status) => {
    let n = 0;
    handler = (_req, res) => (n++ === 0 ? json(res, status, { statusCode: status, code: 'ERR_SERVICE_UNAVAILABLE', message: 'x' }) : json(res, 200, okHealth));
    const api = createApiClient({ baseUrl });
    await expect(api.health()).resolves.toEqual(okHealth);
    expect(hits).toHaveLength(2);
  });

  it('retries a GET only once: a second failure is thrown in the catalogue shape', async () => {
    handler = (_req, res) => json(res, 503, { statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: 'down' });
    const api = createApiClient({ baseUrl });
    const error = await api.health().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toJSON()).toMatchObject({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: 'down' });
    expect(hits).toHaveLength(2);
  });

  it('does not retry a GET on 400, 401, 403 or 404', async () => {
    for (const status of [400, 401, 403, 404]) {
      hits.length = 0;
      handler = (_req, res) => json(res, status, { statusCode: status, code: 'ERR_BAD_REQUEST', message: 'no' });
      await expect(createApiClient({ baseUrl }).health()).rejects.toBeInstanceOf(ApiError);
      expect(hits).toHaveLength(1);
    }
  });

  it('never retries a POST, even on 503', async () => {
    handler = (_req, res) => json(res, 503, { statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: 'down' });
    const api = createApiClient({ baseUrl });
    await expect(api.validateAddress({ body: { currencyTitle: 'BTC', networkTitle: 'BTC', address: 'x' } })).rejects.toMatchObject({ statusCode: 503 });
    expect(hits).toHaveLength(1);
    expect(hits[0].method).toBe('POST');
  });
});

describe('headers and errors (§7, §8)', () => {
  it('sends accept JSON and the client id from its cookie reader', async () => {
    handler = (_req, res) => json(res, 200, okHealth);
    await createApiClient({ baseUrl, getClientId: () => 'visitor-123' }).health();
    expect(hits[0].headers.accept).toBe('application/json');
    expect(hits[0].headers['x-client-id']).toBe('visitor-123');
  });

  it('sends query and body as the route table says', async () => {
    handler = (req, res) => {
      if (req.method === 'POST') {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => json(res, 200, JSON.parse(raw).address === 'abc'));
      } else json(res, 200, { orderId: 'x' });
    };
    const api = createApiClient({ baseUrl });
    await expect(api.validateAddress({ body: { currencyTitle: 'BTC', networkTitle: 'BTC', address: 'abc' } })).resolves.toBe(true);
    await api.orderPublicInfo({ query: { orderId: 'o1', destinationAddress: 'd 1' } }).catch(() => undefined);
    expect(hits[1].url).toBe('/api/v1/orders/public-info?orderId=o1&destinationAddress=d+1');
  });

  it('normalises a non-catalogue error body to {statusCode, code, message} naming method, URL and status', async () => {
    handler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>nope</h1>');
    };
    const error = (await createApiClient({ baseUrl })
      .healthz()
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe('ERR_NOT_FOUND');
    expect(error.message).toBe('GET /api/v1/healthz 404');
  });

  it('keeps field errors and details of catalogue bodies', async () => {
    handler = (_req, res) =>
      json(res, 400, { statusCode: 400, code: 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', message: 'min 0.001', details: { expectedAmount: '0.001' } });
    const error = (await createApiClient({ baseUrl })
      .rateOne({ query: { instrumentToSlug: 'eth', instrumentFromSlug: 'btc' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL');
    expect(error.details).toEqual({ expectedAmount: '0.001' });
  });

  it('refreshes once on 401 when told to, then repeats the call', async () => {
    let n = 0;
    handler = (_req, res) => (n++ === 0 ? json(res, 401, { statusCode: 401, code: 'ERR_UNAUTHORIZED', message: 'expired' }) : json(res, 200, okHealth));
    const onUnauthorized = jest.fn(async () => true);
    await expect(createApiClient({ baseUrl, onUnauthorized }).health()).resolves.toEqual(okHealth);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ route: 'health', error: expect.objectContaining({ code: 'ERR_UNAUTHORIZED' }) }));
  });
});

describe('timeouts (§7, §9)', () => {
  it('aborts a call past its timeout and reports it in the catalogue shape', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, okHealth), 600);
    const error = (await createApiClient({ baseUrl, timeoutOverrideMs: 100 })
      .health()
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.statusCode).toBe(408);
    expect(error.message).toContain('timeout');
  });
});

describe('multipart routes (route table bodyType)', () => {
  it('kyc/submit sends the FormData as multipart/form-data and, after a 401 and a refresh, sends it again', async () => {
    const bodies: string[] = [];
    let n = 0;
    handler = (req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        if (n++ === 0) json(res, 401, { statusCode: 401, code: 'ERR_UNAUTHORIZED', message: 'expired' });
        else json(res, 200, { status: 'CREATED', rejectReason: null });
      });
    };
    const onUnauthorized = jest.fn(async () => true);
    const form = new FormData();
    form.set('residenceCountry', 'DE');
    form.set('facePhoto', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'face.jpg');
    await expect(createApiClient({ baseUrl, onUnauthorized }).kycSubmit({ body: form })).resolves.toEqual({ status: 'CREATED', rejectReason: null });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hits).toHaveLength(2);
    for (const hit of hits) expect(hit.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(bodies[1]).toContain('name="residenceCountry"');
    expect(bodies[1]).toContain('filename="face.jpg"');
  });
});
