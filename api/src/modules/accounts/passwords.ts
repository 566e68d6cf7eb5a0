// Password hashing (argon2id, OWASP minimum enforced by config) and the password rule (§5, OWASP ASVS 5.0 §6.2).
import * as argon2 from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { AuthConfig } from '../../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** True when a stored hash was made with weaker parameters than the current ones (rehash on sign-in). */
  needsRehash(hash: string): boolean;
}

// Algorithm.Argon2id; the package declares a const enum, which isolated modules cannot inline.
const ARGON2ID = 2 as argon2.Algorithm;

export function createArgon2Hasher(params: AuthConfig['argon2']): PasswordHasher {
  const options: argon2.Options = {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKib,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
  };
  return {
    hash: (password) => argon2.hash(password, options),
    verify: async (hash, password) => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    needsRehash: (hash) => {
      try {
        const p = argon2.parseOptions(hash);
        return p.algorithm !== ARGON2ID || p.memoryCost < params.memoryKib || p.timeCost < params.timeCost || p.parallelism < params.parallelism;
      } catch {
        return true;
      }
    },
  };
}

/** OWASP ASVS 5.0 §6.2: at least 8 characters, at least 64 allowed, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * Common and breached passwords (ASVS 5.0 §6.2 "not in a list of commonly used or breached passwords"): the
 * list @zxcvbn-ts/language-common ships (about 49,000 entries from breach corpora), lower-cased, built once.
 */
export function commonPasswordList(): ReadonlySet<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.normalize('NFKC').toLowerCase()));
  return commonPasswords;
}

/**
 * The password rule: 8 to 256 characters (code points; any character, spaces included), not on the common
 * or breached list (compared case-insensitively), and not the email or one containing its local part.
 * Returns the problem, or null.
 */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  const lowered = password.normalize('NFKC').toLowerCase();
  if (commonPasswordList().has(lowered)) return 'This password is too common: it appears in lists of leaked passwords';
  const normalizedEmail = email.trim().toLowerCase();
  const localPart = normalizedEmail.split('@')[0] ?? '';
  if (lowered === normalizedEmail || (localPart.length >= 4 && lowered.includes(localPart))) return 'Password must not contain your email';
  return null;
}
