// A guest's page is rendered once and sent to many (pages.ts), each response with its own CSP nonce: compressing the
// whole page again for every response cost ~3 ms of CPU (brotli, 78 KB), most of web's time per `GET /`. Here the
// page is compressed once, in pieces cut at the nonce marker, and each response splices its nonce in between as a
// stored (uncompressed) deflate block: one ordinary gzip stream (RFC 1951/1952), whose CRC-32 is combined from the
// pieces' own (zlib's crc32_combine) rather than computed again over the page.
import { constants, crc32, deflateRawSync } from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty final block (fixed Huffman, end-of-block only): ends the deflate stream after the sync-flushed pieces. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes (its LEN is 16 bits). */
const MAX_STORED = 0xffff;

export class NoncedGzip {
  /**
   * each piece's deflate blocks (its own deflate stream, sync-flushed to a byte boundary: no reference into another
   * piece), its CRC-32 and the operator that moves a CRC past its length
   */
  private readonly pieces: { deflated: Buffer; crc: number; shift: number }[];
  private readonly rawLength: number;

  /** `html` with every `mark` to become the response's nonce. */
  constructor(html: string, mark: string) {
    let rawLength = 0;
    this.pieces = html.split(mark).map((text) => {
      const raw = Buffer.from(text);
      rawLength += raw.length;
      return { deflated: deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(raw), shift: x2nmodp(raw.length, 3) };
    });
    this.rawLength = rawLength;
  }

  /** The gzip body of the page with `nonce` in place of every mark. */
  with(nonce: string): Buffer {
    const value = Buffer.from(nonce);
    if (value.length > MAX_STORED) throw new RangeError('a nonce fits one stored block');
    const stored = Buffer.allocUnsafe(5 + value.length);
    // BFINAL 0, BTYPE 00 (stored), padding to the byte; LEN and its ones' complement, little-endian; the bytes
    const len = value.length;
    stored[0] = 0;
    stored[1] = len & 0xff;
    stored[2] = len >>> 8;
    stored[3] = ~len & 0xff;
    stored[4] = (~len >>> 8) & 0xff;
    value.copy(stored, 5);
    const parts: Buffer[] = [GZIP_HEADER];
    const nonceCrc = crc32(value);
    const nonceShift = x2nmodp(value.length, 3);
    let crc = 0;
    this.pieces.forEach((piece, i) => {
      if (i > 0) {
        parts.push(stored);
        crc = (multmodp(nonceShift, crc) ^ nonceCrc) >>> 0;
      }
      parts.push(piece.deflated);
      crc = (multmodp(piece.shift, crc) ^ piece.crc) >>> 0;
    });
    const trailer = Buffer.allocUnsafe(8);
    const size = (this.rawLength + len * (this.pieces.length - 1)) % 2 ** 32;
    for (let i = 0; i < 4; i++) {
      trailer[i] = (crc >>> (8 * i)) & 0xff;
      trailer[4 + i] = (size >>> (8 * i)) & 0xff;
    }
    parts.push(FINAL_BLOCK, trailer);
    return Buffer.concat(parts);
  }
}

// CRC-32 combination, after zlib's crc32.c (crc32_combine): a CRC moves past n bytes by multiplying it by x^(8n)
// modulo the polynomial, in the reflected bit order of the CRC.
const POLY = 0xedb88320;

function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let x = b >>> 0;
  for (;;) {
    if (a & m) {
      p ^= x;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    x = x & 1 ? (x >>> 1) ^ POLY : x >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) {
  X2N.push(p);
  p = multmodp(p, p);
}

/** x^(n·2^k) modulo the polynomial (k = 3: n bytes) */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000;
  let bits = n;
  let at = k;
  while (bits) {
    if (bits & 1) p = multmodp(X2N[at & 31], p);
    bits = Math.floor(bits / 2);
    at += 1;
  }
  return p >>> 0;
}
