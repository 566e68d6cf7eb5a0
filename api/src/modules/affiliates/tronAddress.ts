// Withdrawal address rule (§5): 34 characters starting with T, or exactly the all-ones test address; the server
// also checks the base58check encoding of a TRON address (version byte 0x41, 4-byte double-SHA-256 checksum).
import { createHash } from 'node:crypto';
import { WITHDRAWAL_ADDRESS_LENGTH } from 'shared-contracts/server';

/** §5 "the all-ones test address starting with T": accepted by rule (its checksum is not a real one). */
const TEST_WITHDRAWAL_ADDRESS = `T${'1'.repeat(WITHDRAWAL_ADDRESS_LENGTH - 1)}`;

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(s: string): Buffer | null {
  let n = 0n;
  for (const ch of s) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const hex = n === 0n ? '' : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  let zeros = 0;
  while (zeros < s.length && s[zeros] === '1') zeros++;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

function isValidTronAddress(address: string): boolean {
  if (address.length !== WITHDRAWAL_ADDRESS_LENGTH || !address.startsWith('T')) return false;
  const bytes = base58Decode(address);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return false;
  const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
  return checksum.equals(bytes.subarray(21));
}

/** §5 rule plus the checksum; the test address passes by rule. */
export function isValidWithdrawalAddress(address: string): boolean {
  return address === TEST_WITHDRAWAL_ADDRESS || isValidTronAddress(address);
}
