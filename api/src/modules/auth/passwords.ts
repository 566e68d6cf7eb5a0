// Password hashing (argon2id, OWASP minimum enforced by config) and the password strength rule (§5).
import * as argon2 from '@node-rs/argon2';
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

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The strength rule: at least 10 characters, characters of at least two classes (lower, upper, digit,
 * other), not one repeated character, and not the email or its local part. Returns the problem, or null.
 */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u].filter((re) => re.test(password)).length;
  if (classes < 2) return 'Password must mix at least two kinds of characters (lower case, upper case, digits, symbols)';
  if (new Set(password).size < 4) return 'Password must not be made of a few repeated characters';
  const lowered = password.toLowerCase();
  const normalizedEmail = email.trim().toLowerCase();
  const localPart = normalizedEmail.split('@')[0] ?? '';
  if (lowered === normalizedEmail || (localPart.length >= 4 && lowered.includes(localPart))) return 'Password must not contain your email';
  return null;
}
