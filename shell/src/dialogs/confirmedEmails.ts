// §4 ckm A "ask, unless already confirmed locally": the email confirmed in this browser. The key is the one
// mfe-exchange reads (CONFIRMED_EMAIL_STORAGE_KEY in shared-contracts), so an email confirmed
// through the shell dialog is not asked for again by the exchange form.
import { CONFIRMED_EMAIL_STORAGE_KEY } from 'shared-contracts';
import type { KeyValueStorage } from '../stores/env';
import type { ConfirmedEmails } from './AuthDialogsStore';

export const CONFIRMED_EMAIL_KEY = CONFIRMED_EMAIL_STORAGE_KEY;

const normalise = (email: string) => email.trim().toLowerCase();

/** Without a storage (private mode, tests) the email is remembered for this page only. */
export function localConfirmedEmails(storage: KeyValueStorage | undefined): ConfirmedEmails {
  let inMemory: string | null = null;
  const read = (): string | null => {
    try {
      return storage ? storage.getItem(CONFIRMED_EMAIL_KEY) : inMemory;
    } catch {
      return inMemory;
    }
  };
  return {
    isConfirmed: (email) => {
      const stored = read();
      return !!stored && normalise(stored) === normalise(email);
    },
    remember: (email) => {
      inMemory = email;
      try {
        storage?.setItem(CONFIRMED_EMAIL_KEY, email);
      } catch {
        // A full or blocked storage only means the email is asked for again on the next visit.
      }
    },
  };
}
