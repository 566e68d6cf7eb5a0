import { checkMemo } from '../src/memo';

const ok = (network: string, memo: string) => expect(checkMemo(network, memo)).toBeNull();
const refused = (network: string, memo: string) => checkMemo(network, memo)?.key;

describe('memo / destination tag rules per network (§5)', () => {
  it('XRP: a destination tag is a whole number from 0 to 4294967295, digits only', () => {
    ok('XRP', '0');
    ok('XRP', '4294967295');
    ok('XRP', '123456');
    expect(refused('XRP', 'abc-not-a-number')).toBe('error_memo_tag');
    expect(refused('XRP', '4294967296')).toBe('error_memo_tag');
    expect(refused('XRP', '-1')).toBe('error_memo_tag');
    expect(refused('XRP', '1.5')).toBe('error_memo_tag');
    expect(refused('XRP', ' 12')).toBe('error_memo_tag');
    expect(refused('XRP', '1e3')).toBe('error_memo_tag');
  });

  it('XLM: text of at most 28 bytes (UTF-8), a uint64 memo id or a 64-hex hash', () => {
    ok('XLM', 'a'.repeat(28));
    ok('XLM', 'é'.repeat(14)); // 28 bytes
    ok('XLM', '18446744073709551615');
    ok('XLM', 'ab'.repeat(32));
    expect(refused('XLM', 'x'.repeat(59))).toBe('error_memo_stellar');
    expect(refused('XLM', 'é'.repeat(15))).toBe('error_memo_stellar'); // 15 characters, 30 bytes
    expect(refused('XLM', '18446744073709551616')).toBe('error_memo_stellar');
    expect(refused('XLM', 'line\nbreak')).toBe('error_memo_incorrect');
  });

  it('TON: a text comment of at most 123 bytes (one cell)', () => {
    ok('TON', 'x'.repeat(123));
    expect(refused('TON', 'x'.repeat(124))).toBe('error_memo_too_long');
  });

  it('EOS-style 256 bytes, BNB Beacon 128 characters, ATOM 256 characters; other memo networks 256 bytes', () => {
    ok('EOS', 'x'.repeat(256));
    expect(refused('EOS', 'x'.repeat(257))).toBe('error_memo_too_long');
    ok('BNB', 'ж'.repeat(128));
    expect(refused('BNB', 'x'.repeat(129))).toBe('error_memo_too_long');
    ok('ATOM', 'x'.repeat(256));
    expect(refused('ATOM', 'x'.repeat(257))).toBe('error_memo_too_long');
    expect(refused('SOMECHAIN', 'ж'.repeat(129))).toBe('error_memo_too_long');
  });

  it('the network title is matched in any case, and an empty memo is not judged (the no-memo box decides)', () => {
    expect(refused('xrp', 'abc')).toBe('error_memo_tag');
    ok('XRP', '');
  });
});
