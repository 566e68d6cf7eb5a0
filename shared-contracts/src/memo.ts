// §5 memo / destination tag of a network that takes one: the one rule the exchange form and the server both apply.
// A memo that breaks its network's rule is refused before any order exists (it would be paid out with it and lost).

/** What is wrong with a memo: also the text key the exchange form shows. */
export type MemoErrorKey = 'error_memo_tag' | 'error_memo_stellar' | 'error_memo_too_long' | 'error_memo_incorrect';

export interface MemoRefusal {
  key: MemoErrorKey;
  /** The rule in English, for the §8 validation message. */
  message: string;
}

type MemoRule = (memo: string) => MemoRefusal | null;

const UINT32_MAX = 4294967295n;
const UINT64_MAX = 18446744073709551615n;
const DIGITS = /^\d+$/;
// Control characters never belong in a memo (a pasted newline or tab would be paid out with it).
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of this pattern
const CONTROL = /[\u0000-\u001f\u007f]/;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** A free-text memo of at most `max` units (UTF-8 bytes or characters, as the network counts). */
function text(max: number, unit: 'bytes' | 'characters'): MemoRule {
  return (memo) => {
    if (CONTROL.test(memo)) return { key: 'error_memo_incorrect', message: 'must not contain control characters' };
    const length = unit === 'bytes' ? byteLength(memo) : [...memo].length;
    return length > max ? { key: 'error_memo_too_long', message: `at most ${max} ${unit}` } : null;
  };
}

/** XRP Ledger destination tag: a UInt32, written in decimal digits. */
const xrpTag: MemoRule = (memo) =>
  DIGITS.test(memo) && memo.length <= 10 && BigInt(memo) <= UINT32_MAX
    ? null
    : { key: 'error_memo_tag', message: 'a destination tag is a whole number from 0 to 4294967295' };

/**
 * Stellar: MEMO_ID (a uint64 in digits: all-digit memos are sent as an id), MEMO_HASH (32 bytes, 64 hex digits)
 * or MEMO_TEXT (at most 28 bytes of UTF-8).
 */
const stellarMemo: MemoRule = (memo) => {
  const refusal: MemoRefusal = {
    key: 'error_memo_stellar',
    message: 'a Stellar memo is text of at most 28 bytes, a memo id (0 to 18446744073709551615) or a 64-digit hex hash',
  };
  if (DIGITS.test(memo)) return memo.length <= 20 && BigInt(memo) <= UINT64_MAX ? null : refusal;
  if (/^[0-9a-fA-F]{64}$/.test(memo)) return null;
  if (CONTROL.test(memo)) return { key: 'error_memo_incorrect', message: 'must not contain control characters' };
  return byteLength(memo) <= 28 ? null : refusal;
};

/** By network title (upper case). A network that takes a memo and is not listed gets the EOS-style 256 bytes. */
const RULES: Record<string, MemoRule> = {
  XRP: xrpTag,
  XLM: stellarMemo,
  // TON text comment: one cell of 1023 bits less the 32-bit comment op code = 123 bytes.
  TON: text(123, 'bytes'),
  // EOSIO action memo (eosio.token transfer): 256 bytes; the same on its forks.
  EOS: text(256, 'bytes'),
  WAX: text(256, 'bytes'),
  TLOS: text(256, 'bytes'),
  // BNB Beacon Chain (BEP2): memo of at most 128 characters.
  BNB: text(128, 'characters'),
  BEP2: text(128, 'characters'),
  // Cosmos SDK MaxMemoCharacters default: 256.
  ATOM: text(256, 'characters'),
  // Hedera transaction memo: 100 bytes.
  HBAR: text(100, 'bytes'),
  // Algorand note field: 1 KB.
  ALGO: text(1024, 'bytes'),
};
const DEFAULT_RULE = text(256, 'bytes');

/** Null when `memo` is acceptable on `networkTitle`; otherwise what is wrong with it. An empty memo is not judged here. */
export function checkMemo(networkTitle: string, memo: string): MemoRefusal | null {
  if (!memo) return null;
  return (RULES[networkTitle.toUpperCase()] ?? DEFAULT_RULE)(memo);
}
