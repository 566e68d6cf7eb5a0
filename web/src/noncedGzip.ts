// A guest's page is rendered once and sent to many (pages.ts), each response with its own CSP nonce: compressing the
// whole page again for every response cost ~3 ms of CPU (brotli, 78 KB), most of web's time per `GET /`. Here the
// page is compressed once, in pieces cut at the nonce marker, and each response splices its nonce in between as a
// stored (uncompressed) deflate block: one ordinary gzip stream (RFC 1951/1952), whose CRC is the only per-response
// work (~20 µs).
import { constants, crc32, deflateRawSync } from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty final block (fixed Huffman, end-of-block only): ends the deflate stream after the sync-flushed pieces. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes (its LEN is 16 bits). */
const MAX_STORED = 0xffff;

export class NoncedGzip {
  /** each piece's text, then its deflate blocks (each its own deflate stream, sync-flushed to a byte boundary: no reference into another piece) */
  private readonly pieces: { raw: Buffer; deflated: Buffer }[];
  private readonly rawLength: number;

  /** `html` with every `mark` to become the response's nonce. */
  constructor(html: string, mark: string) {
    this.pieces = html.split(mark).map((text) => {
      const raw = Buffer.from(text);
      return { raw, deflated: deflateRawSync(raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }) };
    });
    this.rawLength = this.pieces.reduce((n, p) => n + p.raw.length, 0);
  }

  /** The gzip body of the page with `nonce` in place of every mark. */
  with(nonce: string): Buffer {
    const value = Buffer.from(nonce);
    if (value.length > MAX_STORED) throw new RangeError('a nonce fits one stored block');
    const stored = Buffer.alloc(5 + value.length);
    // BFINAL 0, BTYPE 00 (stored), padding to the byte; LEN and its ones' complement, little-endian; the bytes
    stored.writeUInt16LE(value.length, 1);
    stored.writeUInt16LE(~value.length & 0xffff, 3);
    value.copy(stored, 5);
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    this.pieces.forEach((piece, i) => {
      if (i > 0) {
        parts.push(stored);
        crc = crc32(value, crc);
      }
      parts.push(piece.deflated);
      crc = crc32(piece.raw, crc);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((this.rawLength + value.length * (this.pieces.length - 1)) % 2 ** 32, 4);
    parts.push(FINAL_BLOCK, trailer);
    return Buffer.concat(parts);
  }
}
