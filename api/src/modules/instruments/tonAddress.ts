// TON addresses, which multicoin-address-validator does not know: the raw form `<workchain>:<64 hex>`
// and the user-friendly form, 48 base64/base64url characters decoding to
// flags(1) workchain(1) account(32) crc16-xmodem(2) over the first 34 bytes.
import { crc16Xmodem } from '../../lib/crc16';

const FRIENDLY_FLAGS = new Set([0x11, 0x51]); // bounceable, non-bounceable (mainnet; +0x80 would be testnet)

export function isValidTonAddress(address: string): boolean {
  if (/^(0|-1):[0-9a-fA-F]{64}$/.test(address)) return true;
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(address)) return false;
  const bytes = Buffer.from(address.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== 36) return false;
  if (!FRIENDLY_FLAGS.has(bytes[0]) || (bytes[1] !== 0x00 && bytes[1] !== 0xff)) return false;
  return crc16Xmodem(bytes.subarray(0, 34)) === bytes.readUInt16BE(34);
}

/** Builds a user-friendly mainnet address (used by the sandbox custody and by tests). */
export function friendlyTonAddress(account: Uint8Array, bounceable = true, workchain = 0): string {
  const body = Buffer.alloc(36);
  body[0] = bounceable ? 0x11 : 0x51;
  body[1] = workchain === -1 ? 0xff : 0x00;
  Buffer.from(account).copy(body, 2, 0, 32);
  body.writeUInt16BE(crc16Xmodem(body.subarray(0, 34)), 34);
  return body.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}
