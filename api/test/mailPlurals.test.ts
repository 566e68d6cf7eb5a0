// The code mails say how long their code is valid with the noun in the locale's plural form (issue 23): Russian has
// one/few/many forms ("1 минуту", "2 минуты", "5 минут"), and the number is written by Intl.
import { codeMessage } from '../src/adapters/mail';

const validity = (locale: 'en' | 'ru', minutes: number) => codeMessage('email_confirmation', 'a@example.com', locale, '12345678', minutes).text;

describe('code mails count their minutes in the plural form of the locale', () => {
  it.each([
    [1, 'Код действует 1 минуту.'],
    [2, 'Код действует 2 минуты.'],
    [5, 'Код действует 5 минут.'],
    [15, 'Код действует 15 минут.'],
    [21, 'Код действует 21 минуту.'],
    [24, 'Код действует 24 минуты.'],
  ])('ru, %i', (minutes, phrase) => {
    expect(validity('ru', minutes)).toContain(phrase);
  });

  it('en: one minute, many minutes, the count grouped by Intl', () => {
    expect(validity('en', 1)).toContain('It is valid for 1 minute.');
    expect(validity('en', 15)).toContain('It is valid for 15 minutes.');
    expect(validity('en', 1440)).toContain('It is valid for 1,440 minutes.');
  });

  it('the password reset mail too', () => {
    expect(codeMessage('password_reset', 'a@example.com', 'ru', '12345678', 1).text).toContain('Код действует 1 минуту и может');
    expect(codeMessage('password_reset', 'a@example.com', 'ru', '12345678', 1440).text).toContain('Код действует 1\u00a0440 минут и может');
  });
});
