import { asksForEmail, isValidEmail, mustConfirmEmail, sameEmail, sanitiseEmail } from './ckm';

const ctx = (over: Partial<Parameters<typeof mustConfirmEmail>[1]> = {}) => ({
  isAuthorised: false,
  isReferralVisit: false,
  email: 'me@mail.io',
  confirmedLocally: false,
  ...over,
});

describe('§4 ckm', () => {
  it('A asks every guest; a typed email is confirmed unless this browser confirmed it before', () => {
    expect(asksForEmail('A', ctx())).toBe(true);
    expect(mustConfirmEmail('A', ctx())).toBe(true);
    expect(mustConfirmEmail('A', ctx({ confirmedLocally: true }))).toBe(false);
  });
  it('the email is optional: nothing typed, nothing to confirm', () => {
    expect(mustConfirmEmail('A', ctx({ email: '' }))).toBe(false);
  });
  it('B asks only for a referral visit', () => {
    expect(asksForEmail('B', ctx())).toBe(false);
    expect(mustConfirmEmail('B', ctx())).toBe(false);
    expect(asksForEmail('B', ctx({ isReferralVisit: true }))).toBe(true);
    expect(mustConfirmEmail('B', ctx({ isReferralVisit: true }))).toBe(true);
  });
  it('D never asks', () => {
    expect(asksForEmail('D', ctx({ isReferralVisit: true }))).toBe(false);
    expect(mustConfirmEmail('D', ctx({ isReferralVisit: true }))).toBe(false);
  });
  it.each(['A', 'B', 'D'] as const)('signed-in users skip the prompt (%s)', (mode) => {
    expect(asksForEmail(mode, ctx({ isAuthorised: true, isReferralVisit: true }))).toBe(false);
    expect(mustConfirmEmail(mode, ctx({ isAuthorised: true, isReferralVisit: true }))).toBe(false);
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
  it('compares without case', () => {
    expect(sameEmail('Me@Mail.io', 'me@mail.io')).toBe(true);
    expect(sameEmail(undefined, 'me@mail.io')).toBe(false);
  });
});
