// The password rule (§5; the api's passwordProblem in api/src/modules/auth/passwords.ts, OWASP ASVS 5.0 §6.2) as the
// register and new-password dialogs show it under the field from the start: each rule the browser can check turns
// satisfied as the visitor types. The common/leaked list stays on the server (about 49,000 entries): that rule is
// shown, and checked when the form is sent.

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 256;

type PasswordRuleName = 'length' | 'notEmail' | 'notCommon';
/** `met`/`unmet` for a rule checked here; `server` for the one only the api can check. */
type PasswordRuleState = 'met' | 'unmet' | 'server';

export interface PasswordRule {
  name: PasswordRuleName;
  state: PasswordRuleState;
}

/** Length counts code points, as the api does (an emoji is one character). */
function lengthIsAllowed(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

/** Not the email, and not containing its local part when that has at least 4 characters (as the api). */
function avoidsEmail(password: string, email: string): boolean {
  if (!password) return false;
  const lowered = password.normalize('NFKC').toLowerCase();
  const normalizedEmail = email.trim().toLowerCase();
  const localPart = normalizedEmail.split('@')[0] ?? '';
  return !(lowered === normalizedEmail || (localPart.length >= 4 && lowered.includes(localPart)));
}

export function passwordRules(password: string, email: string): PasswordRule[] {
  return [
    { name: 'length', state: lengthIsAllowed(password) ? 'met' : 'unmet' },
    { name: 'notEmail', state: avoidsEmail(password, email) ? 'met' : 'unmet' },
    { name: 'notCommon', state: 'server' },
  ];
}

/** Whether every rule the browser can check is met (the form may be sent). */
export function passwordFollowsRules(password: string, email: string): boolean {
  return passwordRules(password, email).every((rule) => rule.state !== 'unmet');
}
