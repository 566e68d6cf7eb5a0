// Integration: the real api process wiring (startApi) over real HTTP, on PGlite and, with DATABASE_URL,
// on PostgreSQL. A fake PriceBoard stands in for the realtime part.
import { ApiErrorBodySchema, HealthSchema, InstrumentSchema, PairDataSchema } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

describe.each(BACKENDS)('api on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);
  const realtime = fakeRealtime(board);

  beforeAll(async () => {
    t = await openTestDb(backend);
    const config = loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'true', BUILD_ID: 'test-build' });
    api = await startApi(config, { db: t.handle, realtime });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const get = async (path: string) => {
    const res = await fetch(api.url + path);
    return { status: res.status, body: await res.json() };
  };
  const post = async (path: string, body: string, contentType = 'application/json') => {
    const res = await fetch(api.url + path, { method: 'POST', body, headers: { 'content-type': contentType } });
    return { status: res.status, body: await res.json() };
  };
  const expectError = (r: { status: number; body: unknown }, status: number, code: string) => {
    expect(r.status).toBe(status);
    expect(ApiErrorBodySchema.parse(r.body)).toMatchObject({ statusCode: status, code });
  };

  it('registered the WebSocket on the realtime part', () => {
    expect(realtime.registered).toBe(true);
  });

  describe('instruments', () => {
    it('v2 without a query lists the active EXCHANGE instruments and, with the sandbox card provider, the CARD ones', async () => {
      const { status, body } = await get('/api/v2/instruments/public');
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThanOrEqual(20);
      for (const i of body) {
        expect(InstrumentSchema.parse(i)).toBeTruthy();
        expect(i.provider).toBe(i.instrumentType === 'fiat' ? 'CARD' : 'EXCHANGE');
        expect(i.isActive).toBe(true);
      }
      const slugs = body.map((i: { slug: string }) => i.slug);
      expect(slugs).toEqual(expect.arrayContaining(['btc', 'eth', 'usdttrc20', 'usdterc20', 'xrp', 'usd', 'eur']));
      expect(slugs).not.toContain('xmr');
      expect(body.find((i: { slug: string }) => i.slug === 'xrp').requiresMemo).toBe(true);
      for (const memoSlug of ['xlm', 'ton']) expect(body.find((i: { slug: string }) => i.slug === memoSlug).requiresMemo).toBe(true);
    });

    it('v2 filters by provider and all=true includes inactive ones', async () => {
      const card = await get('/api/v2/instruments/public?providers=CARD');
      expect(card.body.map((i: { bestChangeName: string }) => i.bestChangeName)).toEqual(['CARDUSD', 'CARDEUR']);
      expect(card.body[0].instrumentType).toBe('fiat');
      const all = await get('/api/v2/instruments/public?all=true');
      const slugs = all.body.map((i: { slug: string }) => i.slug);
      expect(slugs).toEqual(expect.arrayContaining(['xmr', 'usd', 'eur', 'btc']));
    });

    it('v2 rejects a bad query with 400 ERR_VALIDATION', async () => {
      const r = await get('/api/v2/instruments/public?providers=BANK');
      expectError(r, 400, 'ERR_VALIDATION');
      expect(r.body.fields).toHaveProperty('providers');
    });

    it('v1 lists every active instrument', async () => {
      const { body } = await get('/api/v1/instruments/public');
      const slugs = body.map((i: { slug: string }) => i.slug);
      expect(slugs).toEqual(expect.arrayContaining(['btc', 'usd']));
      expect(slugs).not.toContain('xmr');
    });
  });

  describe('validate-address', () => {
    const cases: [string, string, string, boolean][] = [
      ['BTC', 'BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
      ['BTC', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
      ['BTC', 'BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', false],
      ['ETH', 'ETH', '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', true],
      ['ETH', 'ETH', '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BA', false],
      ['USDT', 'ERC20', '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', true],
      ['USDT', 'TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', true],
      ['USDT', 'TRC20', '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', false],
      ['TRX', 'TRX', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', true],
      ['TRX', 'TRX', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeX', false],
      ['XRP', 'XRP', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', true],
      ['XRP', 'XRP', 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLx', false],
      ['XRP', 'XRP', '', false],
      ['TON', 'TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N', true],
      ['TON', 'TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2M', false],
    ];
    it.each(cases)('%s on %s: %s → %s', async (currencyTitle, networkTitle, address, valid) => {
      const r = await post('/api/v1/instruments/public/validate-address', JSON.stringify({ currencyTitle, networkTitle, address }));
      expect(r.status).toBe(200);
      expect(r.body).toBe(valid);
    });

    it('answers ERR_NETWORK_NOT_SUPPORTED for an unknown network', async () => {
      const r = await post('/api/v1/instruments/public/validate-address', JSON.stringify({ currencyTitle: 'BTC', networkTitle: 'LIGHTNING', address: 'x' }));
      expectError(r, 400, 'ERR_NETWORK_NOT_SUPPORTED');
    });

    it('rejects a body missing fields, malformed JSON and a wrong content type with 400/415', async () => {
      const missing = await post('/api/v1/instruments/public/validate-address', JSON.stringify({ currencyTitle: 'BTC' }));
      expectError(missing, 400, 'ERR_VALIDATION');
      expect(missing.body.fields).toHaveProperty('networkTitle');
      expectError(await post('/api/v1/instruments/public/validate-address', '{"currencyTitle":'), 400, 'ERR_BAD_REQUEST');
      expectError(await post('/api/v1/instruments/public/validate-address', 'hello', 'text/xml'), 415, 'ERR_BAD_REQUEST');
      expectError(await post('/api/v1/instruments/public/validate-address', 'x'.repeat(2 * 1024 * 1024)), 413, 'ERR_BAD_REQUEST');
    });
  });

  describe('pairs', () => {
    it('lists every tradable pair, never same-instrument, inactive or fiat-receive', async () => {
      const { status, body } = await get('/api/v2/pairs/public');
      expect(status).toBe(200);
      expect(body).toContainEqual({ fromSlug: 'btc', toSlug: 'eth', isActive: true });
      expect(body).toContainEqual({ fromSlug: 'usd', toSlug: 'btc', isActive: true });
      for (const p of body) {
        expect(p.fromSlug).not.toBe(p.toSlug);
        expect(['usd', 'eur', 'xmr']).not.toContain(p.toSlug);
        expect(p.fromSlug).not.toBe('xmr');
      }
    });

    it('gives the default pair', async () => {
      const { body } = await get('/api/v1/pairs/default');
      expect(body.instrumentFrom.slug).toBe('btc');
      expect(body.instrumentTo.slug).toBe('eth');
      expect(body.amount).toBe('0.1');
    });

    it('lists popular exchanges with their isActive flag', async () => {
      const { body } = await get('/api/v1/pairs/popular');
      expect(body[0]).toEqual({ fromBestChangeCurrencyName: 'BTC', toBestChangeCurrencyName: 'ETH', fromSlug: 'btc', toSlug: 'eth', isActive: true });
      expect(body).toContainEqual(expect.objectContaining({ fromSlug: 'xmr', isActive: false }));
    });

    it('offers only popular exchanges that have a pair page, the card ones included while card purchases are available', async () => {
      const { body: popular } = await get('/api/v1/pairs/popular');
      // the pair page knows the instruments GET /api/v2/instruments/public lists without a query; other slugs are a 404
      const { body: instruments } = await get('/api/v2/instruments/public');
      const onPairPage = new Set((instruments as { slug: string }[]).map((i) => i.slug));
      const active = (popular as { fromSlug: string; toSlug: string; isActive: boolean }[]).filter((p) => p.isActive);
      expect(active.length).toBeGreaterThan(5);
      for (const p of active) expect([p.fromSlug, p.toSlug].filter((slug) => !onPairPage.has(slug))).toEqual([]);
      expect(popular).toContainEqual({
        fromBestChangeCurrencyName: 'CARDUSD',
        toBestChangeCurrencyName: 'BTC',
        fromSlug: 'usd',
        toSlug: 'btc',
        isActive: true,
      });
      expect(popular).toContainEqual({
        fromBestChangeCurrencyName: 'CARDEUR',
        toBestChangeCurrencyName: 'ETH',
        fromSlug: 'eur',
        toSlug: 'eth',
        isActive: true,
      });
    });
  });

  describe('rates', () => {
    const one = (q: string) => get(`/api/v2/rates/public/one?${q}`);

    it('quotes a pair', async () => {
      const { status, body } = await one('instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.1');
      expect(status).toBe(200);
      const pair = PairDataSchema.parse(body);
      expect(pair).toMatchObject({
        price: '19.9',
        amountToGet: '1.988',
        rateMode: 'FLOATING',
        claimedDepositAmount: '0.1',
        liquidityProviderPublicCode: 'SANDBOX_LP',
      });
    });

    it('quotes FIXED with an expiry', async () => {
      const { body } = await one('instrumentFromSlug=btc&instrumentToSlug=usdttrc20&claimedDepositAmount=0.01&rateMode=FIXED');
      expect(body.rateMode).toBe('FIXED');
      expect(Date.parse(body.fixedRateExpiresAt)).toBeGreaterThan(Date.now());
    });

    it('answers TOO_SMALL / TOO_BIG with expectedAmount', async () => {
      const small = await one('instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.00001');
      expectError(small, 400, 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL');
      expect(small.body.details).toEqual({ expectedAmount: '0.00033334', generalMinAmount: '0.00033334' });
      const big = await one('instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=100');
      expectError(big, 400, 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG');
      expect(big.body.details).toEqual({ expectedAmount: '1.66666666' });
    });

    it('answers ERR_PAIR_NOT_ACTIVE for same-instrument, fiat-receive and inactive pairs', async () => {
      expectError(await one('instrumentFromSlug=btc&instrumentToSlug=btc&claimedDepositAmount=0.1'), 400, 'ERR_PAIR_NOT_ACTIVE');
      expectError(await one('instrumentFromSlug=btc&instrumentToSlug=usd&claimedDepositAmount=0.1'), 400, 'ERR_PAIR_NOT_ACTIVE');
      expectError(await one('instrumentFromSlug=xmr&instrumentToSlug=btc&claimedDepositAmount=1'), 400, 'ERR_PAIR_NOT_ACTIVE');
    });

    it('answers 404 for an unknown slug and 400 for a bad query', async () => {
      expectError(await one('instrumentFromSlug=btc&instrumentToSlug=abc&claimedDepositAmount=0.1'), 404, 'ERR_NOT_FOUND');
      expectError(await one('instrumentFromSlug=btc&claimedDepositAmount=0.1'), 400, 'ERR_VALIDATION');
      expectError(await one('instrumentFromSlug=BTC!&instrumentToSlug=eth'), 400, 'ERR_VALIDATION');
      expectError(await one('instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=1e5'), 400, 'ERR_VALIDATION');
      expectError(await one('instrumentFromSlug=btc&instrumentToSlug=eth&rateMode=SOMETIMES'), 400, 'ERR_VALIDATION');
      expectError(await one('instrumentFromSlug=btc&instrumentFromSlug=ltc&instrumentToSlug=eth'), 400, 'ERR_VALIDATION');
    });
  });

  describe('health', () => {
    it('is OK with fresh prices and a live database', async () => {
      board.set(TEST_PRICES); // a tick now: a slow database start must not make the prices look stale
      const { status, body } = await get('/api/v1/health');
      expect(status).toBe(200);
      expect(HealthSchema.parse(body)).toEqual({
        status: 'OK',
        version: 'test-build',
        sandbox: { market: true, custody: true, provider: true, mail: true },
        checks: { db: 'up', market: 'up' },
        custody: { adapter: 'sandbox' },
      });
    });

    it('reports TECHNICAL_DIFFICULTIES when the price board is stale', async () => {
      board.set(TEST_PRICES, new Date(Date.now() - 3_600_000));
      try {
        const { body } = await get('/api/v1/health');
        expect(body.status).toBe('TECHNICAL_DIFFICULTIES');
        expect(body.checks.market).toBe('down');
      } finally {
        board.set(TEST_PRICES);
      }
    });

    it('healthz answers ok', async () => {
      expect(await get('/api/v1/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    });
  });

  describe('unknown routes', () => {
    it('answer 404 ERR_NOT_FOUND in the catalogue shape', async () => {
      expectError(await get('/api/v1/nothing-here'), 404, 'ERR_NOT_FOUND');
      expectError(await get('/api/v1/liquidity-providers/x/user/unknown'), 404, 'ERR_NOT_FOUND');
    });
  });
});
