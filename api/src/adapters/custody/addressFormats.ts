// Real on-chain address encodings, so the sandbox hands out deposit addresses that every wallet and
// the instruments' own validators accept. Keyed by the instrument's address validator symbol.
import { createHash } from 'node:crypto';
import { crc16Xmodem } from '../../lib/crc16';
import { friendlyTonAddress } from '../../modules/instruments';

const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

function base58(bytes: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = alphabet[0] + out;
  }
  return out;
}

function base58check(version: number[], payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  const body = Buffer.concat([Buffer.from(version), payload]);
  return base58(Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]), alphabet);
}

// BIP-173 bech32.
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function bech32Polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i];
  }
  return chk;
}
function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  return words;
}
function bech32(hrp: string, words: number[]): string {
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = bech32Polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => BECH32_CHARSET[w]).join('')}`;
}
/** Native SegWit v0 pay-to-witness-pubkey-hash. */
const segwitV0 = (hrp: string, hash20: Uint8Array) => bech32(hrp, [0, ...toWords(hash20)]);

function base32(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return toWords(bytes)
    .map((w) => alphabet[w])
    .join('');
}

/** Stellar StrKey account id (G…): version byte, 32-byte key, CRC16 little-endian, base32. */
function stellarAccount(key32: Uint8Array): string {
  const body = Buffer.concat([Buffer.from([6 << 3]), key32]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16LE(crc16Xmodem(body));
  return base32(Buffer.concat([body, crc]));
}

/** Polkadot SS58 with network prefix 0. */
function ss58(key32: Uint8Array): string {
  const body = Buffer.concat([Buffer.from([0]), key32]);
  const hash = createHash('blake2b512')
    .update(Buffer.concat([Buffer.from('SS58PRE'), body]))
    .digest();
  return base58(Buffer.concat([body, hash.subarray(0, 2)]));
}

/** Algorand: 32-byte key + last 4 bytes of its SHA-512/256, base32 without padding. */
function algorand(key32: Uint8Array): string {
  const checksum = createHash('sha512-256').update(key32).digest().subarray(-4);
  return base32(Buffer.concat([key32, checksum]));
}

const evm = (hash20: Uint8Array) => `0x${Buffer.from(hash20).toString('hex')}`;

/**
 * Encodes `seed` (≥ 32 bytes of entropy) as an address of the network validated by `validator`
 * (the instrument's multicoin-address-validator symbol, or `ton`). Returns undefined for unknown networks.
 */
export function encodeAddress(validator: string, seed: Uint8Array): string | undefined {
  const h20 = seed.subarray(0, 20);
  const k32 = Buffer.from(seed.subarray(0, 32));
  switch (validator) {
    case 'btc':
      return segwitV0('bc', h20);
    case 'ltc':
      return segwitV0('ltc', h20);
    case 'doge':
      return base58check([0x1e], h20);
    case 'dash':
      return base58check([0x4c], h20);
    case 'bch':
      return base58check([0x00], h20);
    case 'zec':
      return base58check([0x1c, 0xb8], h20);
    case 'trx':
      return base58check([0x41], h20);
    case 'xrp':
      return base58check([0x00], h20, RIPPLE_ALPHABET);
    case 'eth':
    case 'etc':
      return evm(h20);
    case 'xlm':
      return stellarAccount(k32);
    case 'ton':
      return friendlyTonAddress(k32);
    case 'sol':
      k32[0] |= 0x80; // keeps the base58 form at 43–44 characters
      return base58(k32);
    case 'dot':
      return ss58(k32);
    case 'algo':
      return algorand(k32);
    case 'ada':
      // Shelley enterprise address (header 0x61: key hash, mainnet) with a 28-byte key hash.
      return bech32('addr', toWords(Buffer.concat([Buffer.from([0x61]), seed.subarray(0, 28)])));
    default:
      return undefined;
  }
}
