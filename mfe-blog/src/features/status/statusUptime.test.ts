import type { StatusDay } from 'shared-contracts';
import { uptimePercent } from './statusUptime';

const day = (okRatio: string | null, status: StatusDay['status'] = okRatio === null ? 'NO_DATA' : 'OK'): StatusDay => ({ date: '2026-11-24', status, okRatio });

describe('uptimePercent', () => {
  it('averages the okRatio of the days with data, to exactly 2 decimals, rounded down', () => {
    expect(uptimePercent([day('1'), day('1'), day(null)])).toBe('100.00');
    expect(uptimePercent([day('1'), day('0.5', 'UNHEALTHY')])).toBe('75.00');
    // (1 + 0.999305) / 2 = 0.9996525 → 99.96 (not 99.97)
    expect(uptimePercent([day('1'), day('0.999305', 'TECHNICAL_DIFFICULTIES')])).toBe('99.96');
    // one failed check in 90 days of minutes: 99.99, never 100.00
    expect(uptimePercent([...Array.from({ length: 89 }, () => day('1')), day('0.999305')])).toBe('99.99');
    // 0.1 + 0.2 style sums stay exact
    expect(uptimePercent([day('0.1'), day('0.2')])).toBe('15.00');
    expect(uptimePercent([day('0')])).toBe('0.00');
  });

  it('is null when no day has data', () => {
    expect(uptimePercent([day(null), day(null)])).toBeNull();
    expect(uptimePercent([])).toBeNull();
  });
});
