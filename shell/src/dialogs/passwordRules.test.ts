import { passwordFollowsRules, passwordRules } from './passwordRules';

const states = (password: string, email = 'walker@mail.io') => passwordRules(password, email).map((r) => `${r.name}:${r.state}`);

describe('§5 password rule as the dialogs show it (issue 25)', () => {
  it('at least 8 and at most 256 characters, counted as the api counts them (code points)', () => {
    expect(states('Seven-7')).toContain('length:unmet');
    expect(states('Eight-88')).toContain('length:met');
    expect(states('🔒🔒🔒🔒🔒🔒🔒')).toContain('length:unmet');
    expect(states('🔒🔒🔒🔒🔒🔒🔒🔒')).toContain('length:met');
    expect(states('x'.repeat(257))).toContain('length:unmet');
  });

  it('not the email, nor containing its local part of 4 or more characters, whatever the case', () => {
    expect(states('')).toContain('notEmail:unmet');
    expect(states('walker@mail.io')).toContain('notEmail:unmet');
    expect(states('My-WALKER-pass')).toContain('notEmail:unmet');
    expect(states('Blue-Harbor-2041')).toContain('notEmail:met');
    // a short local part is not looked for inside the password
    expect(states('abc-rocks-2041', 'abc@mail.io')).toContain('notEmail:met');
  });

  it('the common/leaked list is the api’s: shown, never failed here', () => {
    expect(states('password1')).toContain('notCommon:server');
    expect(passwordFollowsRules('password1', 'walker@mail.io')).toBe(true);
    expect(passwordFollowsRules('short', 'walker@mail.io')).toBe(false);
  });
});
