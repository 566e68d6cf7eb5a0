import { checkLimits, parseLimits, utcDay } from './limits';

describe('limits', () => {
  it('parses SIGNER_LIMITS, contracts lowercased', () => {
    const limits = parseLimits('{"native":{"perPayout":"10","perDay":"25"},"0xAbCdEf0123456789aBcDeF0123456789AbCdEf01":{"perPayout":"5","perDay":"7"}}');
    expect(limits.get('native')).toEqual({ perPayout: 10n, perDay: 25n });
    expect(limits.get('0xabcdef0123456789abcdef0123456789abcdef01')).toEqual({ perPayout: 5n, perDay: 7n });
  });

  it.each([
    ['not json', 'not valid JSON'],
    ['{"eth":{"perPayout":"1","perDay":"1"}}', 'eth: Invalid key'],
    ['{"native":{"perPayout":"1.5","perDay":"1"}}', 'native.perPayout'],
    ['{"native":{"perPayout":1,"perDay":"1"}}', 'native.perPayout'],
    ['{"native":{"perPayout":"1"}}', 'native.perDay'],
  ])('refuses %s', (json, message) => {
    expect(() => parseLimits(json)).toThrow(message);
  });

  it('holds over the per-payout limit, at the limit is fine', () => {
    const limits = { perPayout: 10n, perDay: 100n };
    expect(checkLimits(limits, 10n, 0n)).toEqual({ ok: true });
    expect(checkLimits(limits, 11n, 0n)).toEqual({ ok: false, reason: 'over the per-payout limit' });
  });

  it('holds what would take the day past its limit', () => {
    const limits = { perPayout: 10n, perDay: 25n };
    expect(checkLimits(limits, 5n, 20n)).toEqual({ ok: true });
    expect(checkLimits(limits, 6n, 20n)).toEqual({ ok: false, reason: 'over the per-day limit' });
  });

  it('days are UTC days', () => {
    expect(utcDay(new Date('2026-12-07T23:59:59.999Z'))).toBe('2026-12-07');
    expect(utcDay('2026-12-08T00:00:00.000Z')).toBe('2026-12-08');
    expect(utcDay(new Date('2026-12-08T01:30:00+02:00'))).toBe('2026-12-07');
  });
});
