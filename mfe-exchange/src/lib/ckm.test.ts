import { isValidEmail, sanitiseEmail, shouldAskEmail } from './ckm';

const ctx = (over: Partial<Parameters<typeof shouldAskEmail>[1]> = {}) => ({ isAuthorised: false, confirmedLocally: false, isReferralVisit: false, ...over });

describe('§4 ckm', () => {
  it('A asks unless already confirmed locally', () => {
    expect(shouldAskEmail('A', ctx())).toBe(true);
    expect(shouldAskEmail('A', ctx({ confirmedLocally: true }))).toBe(false);
  });
  it('B asks only for a referral visit', () => {
    expect(shouldAskEmail('B', ctx())).toBe(false);
    expect(shouldAskEmail('B', ctx({ isReferralVisit: true }))).toBe(true);
  });
  it('D never asks', () => {
    expect(shouldAskEmail('D', ctx({ isReferralVisit: true }))).toBe(false);
  });
  it.each(['A', 'B', 'D'] as const)('signed-in users skip the prompt (%s)', (mode) => {
    expect(shouldAskEmail(mode, ctx({ isAuthorised: true, isReferralVisit: true }))).toBe(false);
  });
});

describe('§5 email', () => {
  it.each([
    ['a@b.co', true],
    ['a@b.c', false],
    ['a@b', false],
    ['@b.co', false],
    ['a b@c.de', false],
  ])('%s valid: %s', (e, ok) => expect(isValidEmail(e)).toBe(ok));
  it('sanitises input', () => expect(sanitiseEmail(' a<b>@c.de ')).toBe('ab@c.de'));
});
