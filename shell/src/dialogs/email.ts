// The email as the account dialogs take it: needed from the start (a remote opens a dialog with an email), unlike
// the checks and error mapping of a submit (submitChecks.ts).
/** §5 email: local part, @, domain and a top-level part of at least two letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export function sanitiseEmail(value: string): string {
  return value.replace(/\s+/g, '').trim();
}
