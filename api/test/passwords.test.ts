// The password rule (OWASP ASVS 5.0 V6.2): length 8 to 256, no composition rules, not a common or breached
// password, not the email. Registration and reset answer a refused password with ERR_VALIDATION on the
// password field (§8 "a validation status with a password field is a password error"): see auth.test.ts.
import { commonPasswordList, passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../src/modules/accounts/passwords';

const EMAIL = 'someone@example.com';

describe('password rule', () => {
  it('ships a list of at least 10,000 common and breached passwords', () => {
    expect(commonPasswordList().size).toBeGreaterThanOrEqual(10_000);
    expect(commonPasswordList().has('123456')).toBe(true);
  });

  it('refuses 7 characters, accepts 8 lowercase letters that are not common', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordProblem('lunarki', EMAIL)).toMatch(/at least 8 characters/);
    expect(commonPasswordList().has('lunarkip')).toBe(false);
    expect(passwordProblem('lunarkip', EMAIL)).toBeNull();
  });

  it('has no composition rules: one kind of character, repeats and spaces are fine', () => {
    for (const password of ['tangerine otter lamp', '4829175306', 'zzzzzzzzzzzzzzzz', 'ПРОСТОЙПАРОЛЬ', 'ä'.repeat(8)]) {
      expect(passwordProblem(password, EMAIL)).toBeNull();
    }
  });

  it.each(['password1', 'qwertyuiop', 'Password1', 'QWERTYUIOP', 'iloveyou2', 'sunshine1'])('refuses the common password %s, whatever its case', (password) => {
    expect(passwordProblem(password, EMAIL)).toMatch(/too common/);
  });

  it('allows at least 64 characters and refuses more than 256 (counted in characters, not UTF-16 units)', () => {
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    expect(passwordProblem('horse battery '.repeat(18).slice(0, 256), EMAIL)).toBeNull();
    expect(passwordProblem('x'.repeat(257), EMAIL)).toMatch(/at most 256/);
    expect(passwordProblem('🐴'.repeat(200), EMAIL)).toBeNull();
    expect(passwordProblem('🐴'.repeat(7), EMAIL)).toMatch(/at least 8/);
  });

  it('refuses the email and passwords that contain its local part', () => {
    expect(passwordProblem(EMAIL, EMAIL)).toMatch(/email/);
    expect(passwordProblem('SomeOne-2024!', EMAIL)).toMatch(/email/);
    expect(passwordProblem('tangerine otter', EMAIL)).toBeNull();
  });
});
