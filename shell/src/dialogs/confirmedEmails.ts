// §4 ckm A "ask, unless already confirmed locally": the email confirmed in this browser. The storage key
// belongs to the shell: the account dialogs and, through `host.session.confirmedEmails`, the remotes share
// this one record, so an email confirmed in the dialog is not asked for again by the exchange form.
import { CONFIRMED_EMAIL_STORAGE_KEY, type HostConfirmedEmails } from 'shared-contracts';
import type { KeyValueStorage } from '../stores/env';
import type { ConfirmedEmails } from './AuthDialogsStore';

export const CONFIRMED_EMAIL_KEY = CONFIRMED_EMAIL_STORAGE_KEY;

const normalise = (email: string) => email.trim().toLowerCase();

/** Without a storage (private mode, tests) the email is remembered for this page only. */
export function localConfirmedEmails(storage: KeyValueStorage | undefined): ConfirmedEmails & HostConfirmedEmails {
  let inMemory: string | null = null;
  const read = (): string | null => {
    try {
      return storage ? storage.getItem(CONFIRMED_EMAIL_KEY) : inMemory;
    } catch {
      return inMemory;
    }
  };
  const has = (email: string) => {
    const stored = read();
    return !!stored && !!email && normalise(stored) === normalise(email);
  };
  return {
    last: () => read() ?? undefined,
    has,
    isConfirmed: has,
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
